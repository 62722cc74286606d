// SPDX-License-Identifier: Apache-2.0
// In-process validation of the three kinds (the field-error helpers and input bounds, which need no
// schema, are exported by ../core.ts).
export { validateSchema } from './validate.js';
