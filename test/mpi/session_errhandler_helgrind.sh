# session_errhandler_threads (one thread creates and frees session error
# handlers, calls allowed before init and after finalize, MPI-4.1 11.4.1,
# while the main thread starts MPI with a session, stops it with
# MPI_Finalize and starts it again) under valgrind's race detector,
# helgrind. Those calls choose by isThreaded whether to take the global
# critical section, and hold MPIR_init_state_lock from entry to exit so
# that it cannot change in between; starting and stopping MPI must change
# it under that lock. helgrind orders accesses by the locks taken, not by
# the timing of a run: the other thread reads isThreaded (under the lock)
# during the first start, so a change made there without the lock
# (test/audit/is-threaded-set-unlocked) is reported, as it was in each run
# tried. Reports on any field of MPIR_ThreadInfo count (isThreaded is one).
# mpich-info-test: np=1 section=sessions
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../helgrind.sh"
helgrind_test session_errhandler_threads 'data symbol "MPIR_ThreadInfo"'
