# session_errhandler_threads (one thread creates and frees session error
# handlers, calls allowed before init and after finalize, MPI-4.1 11.4.1,
# while the main thread starts and ends MPI with sessions) under valgrind's
# race detector, helgrind. Those calls choose by isThreaded whether to take
# the global critical section, and hold MPIR_init_state_lock from entry to
# exit so that it cannot change in between; starting and ending MPI must
# change it under that lock. helgrind orders accesses by the locks taken,
# not by the timing of a run: a change made without the lock
# (test/audit/is-threaded-set-unlocked) is reported on every run, as the
# other thread read isThreaded during the start or end that changes it.
# Only reports on MPIR_ThreadInfo count.
# mpich-info-test: np=1 section=sessions
set -eu
prefix=${MPICH_INFO_PREFIX:?}
out_dir=${MPICH_INFO_TEST_OUT:?}
if ! command -v valgrind > /dev/null; then
    echo "SKIP: valgrind is not installed"
    exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../helgrind.sh"
exe="$out_dir/session_errhandler_hg"
"$prefix/bin/mpicc" -g -o "$exe" "$here/session_errhandler_threads.c"
status=0
helgrind_check session_errhandler_threads "$exe" "$out_dir/session_errhandler_hg.helgrind" \
    'data symbol "MPIR_ThreadInfo"' || status=1
[ "$status" -eq 0 ] && echo " No Errors"
exit "$status"
