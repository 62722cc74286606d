// SPDX-License-Identifier: Apache-2.0
// Webhook serving certificates: issued and rotated through the Secret (cert management), or read
// from the cert dir and reloaded when the files change.
export { CertDefaults, CertManager, type CertManagerOptions } from './cert-manager.js';
export { CertDirWatcher, NoCertificateError, type CertDirWatcherOptions } from './cert-dir-watcher.js';
export { injectCABundle, type ConfigurationNames } from './ca-injector.js';
export {
  CA_NAME,
  CA_ORGANIZATION,
  issueCertificates,
  type CertificateBundle,
  type IssueOptions,
} from './generate.js';
export { expiryOf, joinPem, MAX_BUNDLE_CAS, mergeBundles, rotationReason, splitPem } from './inspect.js';
export { CertResources, SecretKeys } from './resources.js';
