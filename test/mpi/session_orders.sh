# Every order of the World and the Sessions models in one process (MPI-4.1
# 11.2 and 11.3: they live side by side; MPI can be started again once it
# has ended), each at 2 and 4 processes (session_orders/orders.c):
#  - a session, then MPI_Init_thread at each thread level;
#  - a session at MPI_THREAD_SINGLE, then MPI_Init_thread at each level;
#  - MPI_Init_thread at each level, then sessions;
#  - sessions across MPI_Finalize, then three rounds of new sessions (MPI
#    idles between them and keeps its level);
#  - MPI_Finalize as the last end, then sessions: MPI starts again from
#    the beginning, at the level they ask for;
#  - sessions opened, used and finalized by several threads at once while
#    the main thread calls MPI_Init_thread;
#  - sessions whose thread_level names no level (ignored, the choice
#    stated in doc/sessions.txt, "Session hints").
# The thread level is the rule of doc/sessions.txt ("Sessions and the start of
# MPI"): one level for the process, the highest asked for since MPI started
# (it stops only at an MPI_Finalize that is the last end, or at exit),
# reported by MPI_Query_thread, provided and MPI_Session_get_info; with
# MPI_THREAD_MULTIPLE, threads run collectives at once.
# mpich-info-test: np=1 section=sessions
set -eu
prefix=${MPICH_INFO_PREFIX:?}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../limited_run.sh"
work="${MPICH_INFO_TEST_OUT:?}/session_orders"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
"$prefix/bin/mpicc" -o orders "$here/session_orders/orders.c" -lpthread
status=0

# Each run takes about 2 s; one that hangs is stopped at run_limit seconds
# (test/limited_run.sh: the runs after it are left out).
run_limit=30
run() {
    local what="$2${3:+ $3} at $1 processes"
    limited_run "$what" "$run_limit" run.out \
        "$prefix/bin/mpiexec" -n "$1" ./orders "$2" ${3:+"$3"} || return 0
    rc=$run_status
    if [ "$rc" -eq 0 ]; then
        echo "ok: $what"
    else
        echo "FAILED: $what: expected status 0, got $run_outcome"
        sed 's/^/  | /' run.out | head -n 20
        status=1
    fi
}

for np in 2 4; do
    for level in single funneled serialized multiple; do
        run "$np" session-then-init "$level"
        run "$np" single-session-then-init "$level"
        run "$np" init-then-sessions "$level"
    done
    run "$np" across-finalize
    run "$np" finalize-last
    run "$np" threads
    run "$np" bad-level
done
exit "$status"
