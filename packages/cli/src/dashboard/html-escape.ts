// SPDX-License-Identifier: Apache-2.0
// Escaping for the one HTML document the server writes (the page shell); the page itself builds its
// DOM with textContent only (web/dom.ts), so no value from the cluster is ever parsed as markup.

const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` safe in HTML text and in a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}
