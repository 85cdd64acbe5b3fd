# accumulate_ordering of ch4:ofi windows that have a transmit context of
# their own (win_own_context/ordering.c). Such a window gets its ordering
# built into that context at creation, so MPI_Win_set_info keeps it; MPICH
# 4.0.2 reported the new ordering without giving it, and aborted in
# MPI_Finalize after any such window. The libfabric sockets provider (in
# Debian's libfabric) is named so that both kinds of context are there:
#   a scalable endpoint  (MPIR_CVAR_CH4_OFI_ENABLE_SCALABLE_ENDPOINTS=1,
#                         MPIR_CVAR_CH4_OFI_MAX_RMA_SEP_CTX=4)
#   a shared context     (MPIR_CVAR_CH4_OFI_ENABLE_SHARED_CONTEXTS=1)
# and, as the counter-check, the default: the global endpoint, on which
# set_info changes the ordering. Each run makes one window, of each of the
# four flavours, with ordering none and with the default.
# mpich-info-test: np=2,4 section=info
set -eu
prefix=${MPICH_INFO_PREFIX:?}
np=${MPICH_INFO_TEST_NP:-2}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../limited_run.sh"
device=$("$prefix/bin/mpichversion" | sed -n 's/^MPICH Device:[[:space:]]*//p')
if [ "$device" != ch4:ofi ]; then
    echo "only ch4:ofi gives a window a transmit context of its own (this build: $device)"
    exit 77
fi
work="${MPICH_INFO_TEST_OUT:?}/win_own_context"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
"$prefix/bin/mpicc" -I "$here" -o ordering "$here/win_own_context/ordering.c"

export FI_PROVIDER=sockets
if ! timeout 60 "$prefix/bin/mpiexec" -n "$np" ./ordering changeable create none \
        > probe.out 2>&1 && grep -q "fi_getinfo" probe.out; then
    echo "libfabric has no sockets provider here"
    exit 77
fi

failed=0
# run_case NAME fixed|changeable [VAR=value ...]
run_case() {
    local name=$1 expect=$2 flavour ordering promise="change the ordering"
    shift 2
    [ "$expect" = fixed ] && promise="keep the ordering in force"
    for flavour in create allocate shared dynamic; do
        for ordering in none default; do
            local out="$name.$flavour.$ordering.out"
            limited_run "$name, $flavour, ordering $ordering" 60 "$out" env "$@" \
                "$prefix/bin/mpiexec" -n "$np" ./ordering "$expect" "$flavour" "$ordering" ||
                continue
            if [ "$run_status" -eq 0 ]; then
                echo "$name, $flavour, ordering $ordering: passed"
            else
                echo "FAILED: $name, $flavour, ordering $ordering (expected set_info to" \
                    "$promise; $run_outcome)"
                sed 's/^/  | /' "$out" | head -n 40
                failed=1
            fi
        done
    done
}
run_case global_endpoint changeable
run_case scalable_endpoint fixed MPIR_CVAR_CH4_OFI_ENABLE_SCALABLE_ENDPOINTS=1 \
    MPIR_CVAR_CH4_OFI_MAX_RMA_SEP_CTX=4
run_case shared_context fixed MPIR_CVAR_CH4_OFI_ENABLE_SHARED_CONTEXTS=1
exit "$failed"
