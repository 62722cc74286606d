# SPDX-License-Identifier: Apache-2.0
# Shared helpers of the hack/cluster scripts (sourced, never run). Contract:
# - every failure goes through `die COMPONENT MESSAGE`, so the error names what failed;
# - processes are started only through `start_process`, which records the PID in CLUSTER_DIR/pids,
#   and stopped only through `stop_process`, which kills exactly that PID (and only when it still
#   runs the binary we started), never processes found by name.
# shellcheck shell=bash disable=SC2034  # variables here are used by the scripts that source this file

HACK_CLUSTER_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=hack/cluster/versions.sh
source "$HACK_CLUSTER_DIR/versions.sh"
PID_DIR=$CLUSTER_DIR/pids
PKI_DIR=$CLUSTER_DIR/pki
ADMIN_KUBECONFIG=$KUBECONFIG_PATH

# Go is needed to build and, at every start, to locate CRDs and kwok stages in the module cache.
# Non-interactive shells may lack the PATH entry of the usual install location; add it.
if ! command -v go >/dev/null && [[ -x /usr/local/go/bin/go ]]; then
  PATH=$PATH:/usr/local/go/bin
fi

# Loopback traffic must never go through a proxy (Node clients honour HTTPS_PROXY for 127.0.0.1).
export NO_PROXY=127.0.0.1,localhost${NO_PROXY:+,$NO_PROXY}
export no_proxy=$NO_PROXY

log() { printf '[cluster] %s\n' "$*" >&2; }

# die COMPONENT MESSAGE: the one way scripts fail. Shows the end of the component's log when this
# run wrote it (a build log, or the log of a process this up started).
die() {
  local component=$1
  shift
  printf '[cluster] ERROR: %s: %s\n' "$component" "$*" >&2
  if [[ -s $LOG_DIR/$component.log && ($component == build-* || -f $PID_DIR/$component.pid) ]]; then
    printf '[cluster] last lines of %s:\n' "$LOG_DIR/$component.log" >&2
    tail -n 20 "$LOG_DIR/$component.log" | sed 's/^/    /' >&2
  fi
  exit 1
}

# bin_path COMPONENT VERSION [BINARY]: where a built binary lives (the cache key).
bin_path() { printf '%s/%s/%s/%s' "$BIN_ROOT" "$1" "$2" "${3:-$1}"; }

KUBECTL=$(bin_path kubectl "$K8S_VERSION")
kubectl() { "$KUBECTL" --kubeconfig="$ADMIN_KUBECONFIG" "$@"; }

# Go environment for builds and module downloads: caches outside the checkout, local toolchain
# only (a too-new `go` line fails loudly instead of downloading a toolchain), static binaries.
go_env() {
  export GOTOOLCHAIN=local CGO_ENABLED=0
  export GOMODCACHE=$GO_ROOT/mod GOCACHE=$GO_ROOT/build
  export GOFLAGS="-trimpath -mod=readonly"
  unset GOBIN GOOS GOARCH
}

# module_dir MODULE VERSION: the extracted module in the module cache (downloads it if needed).
module_dir() {
  local dir
  dir=$(go_env && go mod download -json "$1@$2" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p') || true
  [[ -n $dir && -d $dir ]] || die go-modules "cannot download $1@$2 through the Go module proxy"
  printf '%s' "$dir"
}

# port_in_use PORT: true when something listens on 127.0.0.1:PORT (or on all addresses).
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# wait_until COMPONENT SECONDS DESCRIPTION CMD...: polls CMD every 0.5 s; dies naming COMPONENT.
wait_until() {
  local component=$1 timeout=$2 what=$3
  shift 3
  local deadline=$((SECONDS + timeout))
  until "$@" >/dev/null 2>&1; do
    if [[ -f $PID_DIR/$component.pid ]] && ! process_alive "$component"; then
      die "$component" "exited while waiting for: $what"
    fi
    ((SECONDS < deadline)) || die "$component" "not ready after ${timeout}s: $what"
    sleep 0.5
  done
}

# process_alive COMPONENT: the recorded PID still runs the binary recorded next to it.
process_alive() {
  local pidfile=$PID_DIR/$1.pid pid exe
  [[ -f $pidfile ]] || return 1
  read -r pid exe <"$pidfile" || return 1
  [[ -n $pid && -e /proc/$pid ]] || return 1
  [[ $(readlink "/proc/$pid/exe" 2>/dev/null) == "$exe" ]]
}

# exec_closing_fds BINARY ARGS...: (in a background subshell) closes every descriptor above 2, then
# execs BINARY in a new session. The subshell is not a group leader, so setsid execs in place and
# the caller's $! is BINARY's PID.
exec_closing_fds() {
  local fd_path fd
  for fd_path in /proc/self/fd/*; do
    fd=${fd_path##*/}
    ((fd > 2)) && eval "exec ${fd}>&-"
  done 2>/dev/null
  exec setsid "$@"
}

# start_process COMPONENT BINARY ARGS...: runs BINARY in its own session, in the background, with
# stdin closed and stdout/stderr in LOG_DIR/COMPONENT.log; records "PID BINARY" in PID_DIR.
start_process() {
  local component=$1 binary=$2
  shift 2
  [[ -x $binary ]] || die "$component" "binary $binary is missing (run hack/cluster/build.sh)"
  mkdir -p "$PID_DIR" "$LOG_DIR"
  # Close every descriptor but 0-2: a child that inherits a lock's would hold that lock for as long
  # as it runs (8: cluster lock, 9: build lock, and whatever a caller's `flock FILE cmd` passed
  # down, such as the e2e lock), and the next up, down or e2e run would wait for ever.
  # START_APPEND=1 (restart.sh) keeps the log of the run before.
  if [[ ${START_APPEND:-} == 1 ]]; then
    exec_closing_fds "$binary" "$@" </dev/null >>"$LOG_DIR/$component.log" 2>&1 &
  else
    exec_closing_fds "$binary" "$@" </dev/null >"$LOG_DIR/$component.log" 2>&1 &
  fi
  printf '%s %s\n' "$!" "$(readlink -f "$binary")" >"$PID_DIR/$component.pid"
  # setsid execs in place (we are not a group leader), so $! becomes BINARY once exec is done.
  local i
  for ((i = 0; i < 50; i++)); do
    process_alive "$component" && break
    sleep 0.05
  done
  log "started $component (pid $!), log: $LOG_DIR/$component.log"
}

# stop_process COMPONENT: SIGTERM, then SIGKILL after 15 s, to exactly the recorded PID.
stop_process() {
  local component=$1 pidfile=$PID_DIR/$1.pid pid exe
  [[ -f $pidfile ]] || return 0
  read -r pid exe <"$pidfile" || true
  if process_alive "$component"; then
    kill -TERM "$pid" 2>/dev/null || true
    local deadline=$((SECONDS + 15))
    while process_alive "$component" && ((SECONDS < deadline)); do sleep 0.2; done
    if process_alive "$component"; then
      log "$component (pid $pid) did not stop on SIGTERM; sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      while [[ -e /proc/$pid ]]; do sleep 0.1; done
    fi
    log "stopped $component (pid $pid)"
  fi
  rm -f "$pidfile"
}

# Components in start order; down stops them in reverse.
COMPONENTS=(etcd kube-apiserver kube-controller-manager kube-scheduler kwok jobset lws)
# Optional components, started after the cluster by their own scripts (kueue-up.sh) for the suites
# that need them; not part of "the cluster is running". down stops them first.
OPTIONAL_COMPONENTS=(kueue volcano-scheduler volcano-controller-manager scheduler-plugins-scheduler scheduler-plugins-controller)

# elapsed START: seconds since START (a value of $SECONDS).
elapsed() { printf '%ss' $((SECONDS - $1)); }
