# MPI started again leaks nothing (MPI-4.1 11.3): session_restart/cycles.c
# runs 1 and then 4 cycles of session, communicator, allreduce and
# finalize under valgrind. Each run must be free of invalid accesses and
# of lost memory, and the memory still held at exit must be the same
# after 4 cycles as after 1: a start that kept anything of the last one
# would add to it. A third run does 2 cycles whose last session an exit
# handler ends (registered before MPI's own): MPI must stop then and hold
# the same memory (doc/sessions.txt, "Sessions and the start of MPI": MPI
# stops at exit if a session was the last to end; a process that did not stop
# MPI also never told the process manager "finalize", whose record it keeps,
# and mpiexec's status does not show that: the memory does). (The modes,
# in-main and at-exit, have names of one length: MPI_INFO_ENV holds the
# arguments.)
# mpich-info-test: np=1 section=sessions
set -eu
prefix=${MPICH_INFO_PREFIX:?}
out_dir=${MPICH_INFO_TEST_OUT:?}
if ! command -v valgrind > /dev/null; then
    echo "SKIP: valgrind is not installed"
    exit 77
fi
# hwloc's plugins (Debian's libhwloc-plugins: pci through libpciaccess,
# opencl, gl) lose memory of their own in hwloc_topology_load; they are
# not MPI's, and MPICH needs none of them here.
export HWLOC_COMPONENTS=-pci,-opencl,-gl
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../limited_run.sh"
exe="$out_dir/session_restart_cycles"
"$prefix/bin/mpicc" -g -o "$exe" "$here/session_restart/cycles.c"
status=0
held=""
for run in "1 in-main" "4 in-main" "2 at-exit"; do
    log="$out_dir/session_restart_cycles.${run// /-}.valgrind"
    # (word splitting of $run is wanted: the cycles and the mode)
    # shellcheck disable=SC2086
    limited_run "$run" 50 /dev/null "$prefix/bin/mpiexec" -n 1 valgrind --log-file="$log" \
        --error-exitcode=3 --leak-check=full --show-leak-kinds=definite,indirect \
        --errors-for-leak-kinds=definite,indirect "$exe" $run || continue
    if [ "$run_status" -ne 0 ]; then
        echo "FAILED: $run: expected a clean run under valgrind, got $run_outcome;" \
            "its report:"
        grep -B2 -A12 'Invalid\|uninitialised\|lost in\|Process terminating' "$log" | head -n 40
        status=1
        continue
    fi
    bytes=$(sed -n 's/.*in use at exit: \([0-9,]*\) bytes.*/\1/p' "$log")
    if [ -z "$bytes" ]; then
        echo "FAILED: $run: expected valgrind's 'in use at exit' line in $log, got none"
        status=1
        continue
    fi
    echo "$run: clean, ${bytes:-?} bytes held at exit"
    if [ -z "$held" ]; then
        held=$bytes
    elif [ "$bytes" != "$held" ]; then
        echo "FAILED: $run: expected the same memory held at exit as after 1 cycle" \
            "($held bytes), got $bytes bytes"
        status=1
    fi
done
exit "$status"
