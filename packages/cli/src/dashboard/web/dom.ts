// SPDX-License-Identifier: Apache-2.0
// The page's only way to build DOM: elements from a tag, attributes and children, where a string
// child becomes a text node. Nothing here (or anywhere in web/) parses markup, so a value from the
// cluster is always shown as text (dom-conventions.test.ts keeps it so).

/** A child: a node, text, or nothing. */
export type Child = Node | string | number | false | null | undefined;

/** Attributes: `on*` functions become listeners; other values attributes (false / undefined: absent). */
export type Attrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

/** A new element `tag` with `attrs` and `children`. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | readonly Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== undefined) element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

function append(parent: Node, children: readonly (Child | readonly Child[])[]): void {
  for (const child of children) {
    if (Array.isArray(child)) append(parent, child as readonly Child[]);
    else if (child instanceof Node) parent.appendChild(child);
    else if (child !== false && child !== null && child !== undefined)
      parent.appendChild(document.createTextNode(String(child as string | number)));
  }
}

/** Replaces the children of `parent` with `children`. */
export function replaceChildren(parent: Element, ...children: (Child | readonly Child[])[]): void {
  parent.replaceChildren();
  append(parent, children);
}
