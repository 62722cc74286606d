// SPDX-License-Identifier: Apache-2.0
// The one boundary around the Prometheus project's PromQL grammar (@prometheus-io/lezer-promql, the
// parser of Prometheus' own web UI): a query in, the metric names its selectors name out, or an
// error naming the first place the grammar refused. Nothing else imports the grammar.
import {
  Identifier,
  parser,
  QuotedLabelMatcher,
  UnquotedLabelMatcher,
  VectorSelector,
} from '@prometheus-io/lezer-promql';

/** A query the PromQL grammar does not accept. */
export class PromQLSyntaxError extends Error {
  constructor(
    readonly query: string,
    readonly position: number,
  ) {
    super(
      `PromQL syntax error at ${position}: ${JSON.stringify(query.slice(position, position + 40))} in ${query}`,
    );
    this.name = 'PromQLSyntaxError';
  }
}

/** A selector this check cannot read a metric name from (`{__name__=~"..."}`). */
export class PromQLNameMatcherError extends Error {
  constructor(readonly query: string) {
    super(`PromQL selects by __name__ (not checkable): ${query}`);
    this.name = 'PromQLNameMatcherError';
  }
}

/** The metric names the vector and range selectors of `query` name, in order, without repeats. */
export function metricNamesOf(query: string): string[] {
  const tree = parser.parse(query);
  const names: string[] = [];
  let error: number | undefined;
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) {
        error ??= node.from;
        return false;
      }
      // The grammar writes a selector's metric name as the Identifier that opens the VectorSelector.
      const first = node.type.id === VectorSelector ? node.node.firstChild : null;
      if (first?.type.id === Identifier) {
        const name = query.slice(first.from, first.to);
        if (!names.includes(name)) names.push(name);
      }
      if (node.type.id === UnquotedLabelMatcher || node.type.id === QuotedLabelMatcher) {
        if (/^\s*"?__name__"?\s*(=|!=|=~|!~)/.test(query.slice(node.from, node.to)))
          throw new PromQLNameMatcherError(query);
      }
      return undefined;
    },
  });
  if (error !== undefined) throw new PromQLSyntaxError(query, error);
  return names;
}
