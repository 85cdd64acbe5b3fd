# info_threads (concurrent info calls on shared and private infos, before
# MPI_Init, while MPI idles after a session, and under MPI_THREAD_MULTIPLE) under valgrind's race detector,
# helgrind: no data race and no lock-order problem in the info code. Races
# helgrind finds elsewhere (libfabric's progress thread in MPI_Finalize)
# are not ours to judge; every report whose stack passes through an info
# routine fails the test. The same program asking only for
# MPI_THREAD_SERIALIZED, where the info lock is skipped by design, gives
# dozens of such reports, so the check sees races when they are there.
# mpich-info-test: np=1 section=sessions
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../helgrind.sh"
# (the routines of MPICH's info code, not the test's own file name)
helgrind_test info_threads 'P?MPI_Info_|MPIR_Info|MPII_Info|info_store'
