// SPDX-License-Identifier: Apache-2.0
// The Flux scripts and broker configuration the Flux plugin renders into `<tj>-flux-entrypoint`.
// The script text is kubetrain's own, functionally equivalent to upstream's templates
// (kubeflow/trainer `plugins/flux/templates/`) but not byte-identical to them: the facts (paths,
// commands and flags, environment variables, broker keys and values, the wording of log lines) are
// upstream's; the layout, the script-internal variable names and the comments are ours. Each `%s`
// is a substitution point, filled in order by {@link fillTemplate}, so the text itself must not
// contain `%s` anywhere else.

/**
 * `entrypoint.sh`, run by the `node` container as `/bin/bash entrypoint.sh "<original command>"`.
 * Substitutions, in order: the `flux R encode` resource flags, the main host, the `flux run` flags.
 *
 * It restores the Flux view's software, fixes up the view's Python, installs the CURVE certificate,
 * encodes the resources of the host list into `R`, then on the main host starts the lead broker
 * (running the command through `flux run`, or an interactive broker without one) and elsewhere
 * restarts a follower broker until it exits cleanly. It always ends by touching the completion
 * marker, so its exit status is that of `touch`.
 */
export const entrypointTemplate = [
  '#!/bin/sh',
  '# kubetrain Flux entrypoint (see the Flux plugin). Needs /mnt/flux as left by init.sh.',
  '',
  'base=/mnt/flux',
  'view=${base}/view',
  'config=${base}/config',
  'viewbin=${view}/bin',
  'system=${config}/etc/flux/system',
  'cfg=${config}/etc/flux/config',
  'command="$@"',
  '',
  'fluxuser=$(whoami)',
  'fluxuid=$(id -u ${fluxuser})',
  '',
  '# The view comes last, so tools the image already has keep precedence.',
  'export PATH=$PATH:${viewbin}',
  'cp -R ${base}/software/* /opt/software/',
  '',
  "# Link the view's own Python (lib/python3.X) and put its site-packages on PYTHONPATH.",
  'pyroot=$(find ${view} -maxdepth 2 -type d -path ${view}/lib/python3*)',
  'pybin=${view}/bin/$(basename ${pyroot})',
  'echo "Python version: ${pybin}"',
  'echo "Python root: ${pyroot}"',
  'if [ -f "${pybin}" ]; then',
  '  rm -rf ${viewbin}/python3 ${viewbin}/python',
  '  ln -s ${pybin} ${view}/lib/python || true',
  '  ln -s ${pybin} ${view}/lib/python3 || true',
  'fi',
  'export PYTHONPATH=${PYTHONPATH:-""}:${pyroot}/site-packages',
  'export FLUX_RC_EXTRA=${view}/etc/flux/rc1.d',
  '',
  '# Two helpers on the shared volume: switching the scheduler to Fluxion, and this environment.',
  'cat > /tmp/load-fluxion.sh << EOT',
  'flux module remove sched-simple',
  'flux module load sched-fluxion-resource',
  'flux module load sched-fluxion-qmanager',
  'EOT',
  'mv /tmp/load-fluxion.sh ${base}/load-fluxion.sh',
  'cat > /tmp/flux-view.sh << EOT',
  '#!/bin/bash',
  'export PATH=$PATH',
  'export PYTHONPATH=$PYTHONPATH',
  'export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-""}:${view}/lib',
  'export fluxsocket=local://${config}/run/flux/local',
  'EOT',
  'mv /tmp/flux-view.sh ${base}/flux-view.sh',
  '',
  '# The CURVE certificate, readable by its owner only.',
  'curvecert=${config}/etc/curve/curve.cert',
  'cp /curve/curve.cert ${curvecert}',
  'chmod g-r,o-r ${curvecert}',
  'chown -R ${fluxuid} ${curvecert}',
  '',
  'hosts=$(cat ${system}/hostlist)',
  'flux R encode --hosts=${hosts} %s > /tmp/R',
  'mv /tmp/R ${system}/R',
  '',
  'export STATE_DIR=${config}/var/lib/flux',
  'export FLUX_OUTPUT_DIR=/tmp/fluxout',
  'mkdir -p ${STATE_DIR} ${FLUX_OUTPUT_DIR} ${system}/cron.d',
  '',
  'mainHost="%s"',
  'brokerOptions="-Scron.directory=${system}/cron.d -Stbon.fanout=256"',
  'brokerOptions="${brokerOptions} -Srundir=${config}/run/flux -Sstatedir=${STATE_DIR}"',
  'brokerOptions="${brokerOptions} -Slocal-uri=local://${config}/run/flux/local"',
  'brokerOptions="${brokerOptions} -Slog-stderr-level=0 -Slog-stderr-mode=local"',
  '',
  'if [ "$(hostname)" = "${mainHost}" ]; then',
  '  echo "Command provided is: ${command}"',
  '  if [ -n "${command}" ]; then',
  '    # -g only when the nodes have GPUs.',
  '    flags="%s  "',
  '    echo "Flags for flux are ${flags}"',
  '    echo "🌀 flux start  -o --config ${cfg} ${brokerOptions} flux submit ${flags} --quiet --watch ${command}"',
  '    flux start -o --config ${cfg} ${brokerOptions} flux run ${flags} ${command}',
  '  else',
  '    echo "🌀 flux broker --config-path ${cfg} ${brokerOptions}"',
  '    flux broker --config-path ${cfg} ${brokerOptions}',
  '  fi',
  'else',
  '  # A follower fails until the lead broker is reachable: retry every 15s until a clean exit.',
  '  echo "🌀 flux start  -o --config ${cfg} ${brokerOptions}"',
  '  while :; do',
  '    flux start -o --config ${cfg} ${brokerOptions}',
  '    rc=$?',
  '    if [ "${rc}" -eq 0 ]; then',
  '      echo "The follower worker exited cleanly. Goodbye!"',
  '      break',
  '    fi',
  '    echo "Return value for follower worker is ${rc}"',
  '    echo "😪 Sleeping 15s to try again..."',
  '    sleep 15',
  '  done',
  'fi',
  '',
  'touch ${base}/flux-operator-complete.txt',
  '',
].join('\n');

/**
 * `init.sh`, run by the `flux-installer` init container (the Flux view image).
 * Substitutions, in order: the flux root, the main host, the host list, the broker configuration.
 *
 * It lays out `/mnt/flux/config` (host list, `broker.toml`, run, state, cron and curve directories)
 * and copies the image's Spack view and `/opt/software` into the shared volume, then touches the
 * done marker.
 */
export const initTemplate = [
  '#!/bin/sh',
  'fluxroot=%s',
  'mainHost=%s',
  '# kubetrain Flux installer (see the Flux plugin): fills the shared /mnt/flux volume.',
  '',
  'shared=/mnt/flux',
  'conf=${shared}/config',
  'export fluxroot',
  'export PATH=/opt/view/bin:$PATH',
  'echo "Hello I am hostname $(hostname) running setup."',
  'echo "Flux install root: ${fluxroot}"',
  '',
  'mkdir -p ${fluxroot}/bin',
  'mkdir -p ${conf}/etc/flux/system/cron.d ${conf}/etc/flux/config ${conf}/etc/curve',
  'mkdir -p ${conf}/var/lib/flux ${conf}/run/flux',
  '',
  'hosts="%s"',
  'echo "${hosts}" > ${conf}/etc/flux/system/hostlist',
  '',
  'cat << EOT >> ${conf}/etc/flux/config/broker.toml',
  '%s',
  'EOT',
  'echo',
  'echo "🐸 Broker Configuration"',
  'cat ${conf}/etc/flux/config/broker.toml',
  '',
  '# The image keeps its Spack view under /opt/views/._view/<hash> (/opt/view links to it).',
  'mkdir -p ${shared}/view',
  'echo "Moving content from /opt/view to be in shared volume at ${shared}"',
  'spackview=/opt/views/._view/$(ls /opt/views/._view/)',
  'cp -R ${spackview}/* ${shared}/view',
  'cp -R /opt/software ${shared}/',
  '',
  'touch ${shared}/flux-operator-done.txt',
  'echo "Application is done."',
  '',
].join('\n');

/**
 * `broker.toml`, embedded in `init.sh`. Substitutions, in order: `default_bind`,
 * `default_connect`, the host list, the Fluxion queue policy.
 */
export const brokerTemplate = [
  '[bootstrap]',
  'default_port = 8050',
  'default_bind = "%s"',
  'default_connect = "%s"',
  'curve_cert = "/mnt/flux/config/etc/curve/curve.cert"',
  'hosts = [',
  '{ host="%s"},',
  ']',
  '',
  '# Encoded by entrypoint.sh (flux R encode).',
  '[resource]',
  'path = "/mnt/flux/config/etc/flux/system/R"',
  '',
  '[access]',
  'allow-guest-user = true',
  'allow-root-owner = true',
  '',
  '[archive]',
  'dbpath = "/mnt/flux/config/var/lib/flux/job-archive.sqlite"',
  'period = "1m"',
  'busytimeout = "50s"',
  '',
  '[sched-fluxion-qmanager]',
  'queue-policy = "%s"',
  '',
].join('\n');

/** Replaces each `%s` in `template` by the next value, like Go's `fmt.Sprintf` with `%s` verbs. */
export function fillTemplate(template: string, ...values: string[]): string {
  let i = 0;
  return template.replace(/%s/g, () => values[i++] ?? '');
}
