// SPDX-License-Identifier: Apache-2.0
// The manager image's contents run. hack/install/build-image-tree.sh builds the file tree the
// Dockerfile installs (production dependencies only, TypeScript compiled ahead of time); the
// manager is started from it with plain `node` (no tsx, no loader), first with a bad flag, then
// against the local control plane until /readyz answers, then stopped with SIGTERM.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueCertificates } from '@kubetrain/controller';
import { REPO_ROOT } from '../support/apply.js';
import { kubeconfigPath } from '../support/cluster.js';
import { installKubetrainCrds } from '../support/crds.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import { freePort } from './tools.js';

/** Every file under `dir` whose name matches `pattern` (symbolic links not followed). */
function findFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && pattern.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('the manager image file tree (hack/install/build-image-tree.sh)', () => {
  const work = mkdtempSync(join(tmpdir(), 'kubetrain-image-'));
  const tree = join(work, 'app');
  let namespace: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    try {
      execFileSync(join(REPO_ROOT, 'hack/install/build-image-tree.sh'), [tree], {
        cwd: REPO_ROOT,
        stdio: 'pipe',
        encoding: 'utf8',
      });
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      throw new Error(`build-image-tree.sh failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: error });
    }
    await installKubetrainCrds('kubetrain-e2e');
    namespace = await createNamespace('e2e-image');
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (namespace) await deleteNamespace(namespace);
    rmSync(work, { recursive: true, force: true });
  });

  it('holds production dependencies and compiled JavaScript only', () => {
    const store = readdirSync(join(tree, 'node_modules/.pnpm'));
    for (const dev of [
      'tsx@',
      'typescript@',
      'jest@',
      'ts-jest@',
      'esbuild@',
      'eslint@',
      '@kubetrain+testing',
    ])
      expect(store.filter((p) => p.startsWith(dev))).toEqual([]);
    const packages = ['', ...['api', 'kube', 'log', 'runtime'].map((p) => `node_modules/@kubetrain/${p}`)];
    for (const p of packages) {
      const pkg = JSON.parse(readFileSync(join(tree, p, 'package.json'), 'utf8')) as {
        exports: Record<string, string>;
      };
      expect(pkg.exports['.']).toBe('./dist/index.js');
      expect(existsSync(join(tree, p, 'src'))).toBe(false);
      expect(findFiles(join(tree, p, 'dist'), /\.ts$/)).toEqual([]);
    }
    expect(existsSync(join(tree, 'dist/main.js'))).toBe(true);
  });

  it('plain node runs it: --help prints the flags and exits 0', () => {
    const stdout = execFileSync(process.execPath, [join(tree, 'dist/main.js'), '--help'], {
      stdio: 'pipe',
      encoding: 'utf8',
    });
    expect(stdout).toMatch(/^Usage: kubetrain-manager \[flags\]\n/);
    for (const flag of ['--config', '--kubeconfig', '--cert-dir', '--watch-namespace', '--help'])
      expect(stdout).toContain(flag);
  });

  it('plain node runs it: a bad flag is refused with exit code 2', () => {
    let status: number | null = null;
    let stderr = '';
    try {
      execFileSync(process.execPath, [join(tree, 'dist/main.js'), '--no-such-flag'], {
        stdio: 'pipe',
        encoding: 'utf8',
      });
    } catch (error) {
      const e = error as { status: number | null; stderr: string };
      status = e.status;
      stderr = e.stderr;
    }
    expect(status).toBe(2);
    expect(stderr).toMatch(/^kubetrain-manager: Unknown option '--no-such-flag'/);
  });

  it('starts against the local control plane, reports ready, and stops on SIGTERM with exit code 0', async () => {
    const certDir = join(work, 'certs');
    const bundle = await issueCertificates({
      dnsNames: ['localhost'],
      ipAddresses: ['127.0.0.1'],
      validityMs: 3600_000,
    });
    execFileSync('mkdir', ['-p', certDir]);
    writeFileSync(join(certDir, 'tls.crt'), bundle.cert);
    writeFileSync(join(certDir, 'tls.key'), bundle.key);
    const [webhookPort, healthPort] = [await freePort(), await freePort()];
    const config = join(work, 'config.yaml');
    writeFileSync(
      config,
      [
        'apiVersion: config.trainer.kubeflow.org/v1alpha1',
        'kind: Configuration',
        `webhook: { host: 127.0.0.1, port: ${webhookPort} }`,
        'metrics: { bindAddress: "0" }',
        `health: { healthProbeBindAddress: "127.0.0.1:${healthPort}" }`,
        'certManagement: { enable: false }',
        '',
      ].join('\n'),
    );
    const output: string[] = [];
    child = spawn(
      process.execPath,
      [
        join(tree, 'dist/main.js'),
        `--config=${config}`,
        `--kubeconfig=${kubeconfigPath()}`,
        `--cert-dir=${certDir}`,
        `--namespace=${namespace}`,
        `--watch-namespace=${namespace}`,
      ],
      { cwd: tree, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env['PATH'] ?? '' } },
    );
    child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));

    const ready = await waitFor(
      'the manager from the image tree answers /readyz',
      async () => {
        if (child?.exitCode !== null) throw new Error(`the manager exited:\n${output.join('')}`);
        const response = await fetch(`http://127.0.0.1:${healthPort}/readyz`).catch(() => undefined);
        return response?.status === 200 ? response.status : undefined;
      },
      async () => output.join('').slice(-2000),
    );
    expect(ready).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.join('')).toContain('Manager stopped');
  });
});
