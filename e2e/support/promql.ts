// SPDX-License-Identifier: Apache-2.0
// The one boundary around the Prometheus project's PromQL grammar (@prometheus-io/lezer-promql, the
// parser of Prometheus' own web UI): a query in, the metric names its selectors name out, or an
// error naming the first place the grammar refused. Nothing else imports the grammar.
import {
  Identifier,
  LabelMatchers,
  LabelName,
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

/** A selector this check cannot read a metric name from (`{__name__=~"..."}`, a quoted name). */
export class PromQLNameMatcherError extends Error {
  constructor(readonly query: string) {
    super(`PromQL selects by __name__ (not checkable): ${query}`);
    this.name = 'PromQLNameMatcherError';
  }
}

/** A vector or range selector: its metric name and the label names it matches on. */
export interface PromQLSelector {
  readonly metric: string;
  readonly labels: readonly string[];
}

/** The vector and range selectors of `query`, in order. */
export function selectorsOf(query: string): PromQLSelector[] {
  const tree = parser.parse(query);
  const selectors: PromQLSelector[] = [];
  let error: number | undefined;
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) {
        error ??= node.from;
        return false;
      }
      if (node.type.id !== VectorSelector) return undefined;
      // The grammar writes a selector's metric name as the Identifier that opens the VectorSelector,
      // and each matcher as an UnquotedLabelMatcher (LabelName, MatchOp, StringLiteral) or a quoted one.
      const first = node.node.firstChild;
      const metric = first?.type.id === Identifier ? query.slice(first.from, first.to) : '';
      const labels: string[] = [];
      const matchers = node.node.getChild(LabelMatchers);
      for (let m = matchers?.firstChild ?? null; m !== null; m = m.nextSibling) {
        if (m.type.id === QuotedLabelMatcher) throw new PromQLNameMatcherError(query);
        if (m.type.id !== UnquotedLabelMatcher) continue;
        const name = m.getChild(LabelName);
        if (name !== null) labels.push(query.slice(name.from, name.to));
      }
      if (metric === '' || labels.includes('__name__')) throw new PromQLNameMatcherError(query);
      selectors.push({ metric, labels });
      return undefined;
    },
  });
  if (error !== undefined) throw new PromQLSyntaxError(query, error);
  return selectors;
}

/** The metric names the vector and range selectors of `query` name, in order, without repeats. */
export function metricNamesOf(query: string): string[] {
  return [...new Set(selectorsOf(query).map((s) => s.metric))];
}
