// SPDX-License-Identifier: Apache-2.0
// The one HTML document: an empty shell that loads the bundled script and style from this server
// (the Content-Security-Policy allows nothing else). The token travels in a meta element, escaped.

import { TOKEN_PARAM } from './http-guard.js';
import { escapeHtml } from './html-escape.js';

/** The name of the meta element holding the token. */
export const TOKEN_META = 'kubetrain-token';

/** The page shell for `token`. */
export function pageShell(token: string): string {
  const t = escapeHtml(encodeURIComponent(token));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="${TOKEN_META}" content="${escapeHtml(token)}">
<title>kubetrain dashboard</title>
<link rel="stylesheet" href="/assets/app.css?${TOKEN_PARAM}=${t}">
<script type="module" src="/assets/app.js?${TOKEN_PARAM}=${t}"></script>
</head>
<body>
<div id="app"></div>
<noscript>The kubetrain dashboard needs JavaScript.</noscript>
</body>
</html>
`;
}
