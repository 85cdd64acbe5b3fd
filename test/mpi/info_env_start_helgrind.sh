# info_env_start_threads (threads read MPI_INFO_ENV while MPI starts, stops
# at MPI_Finalize and starts again with a session, which refills it) under
# valgrind's race detector, helgrind: the refill of MPI_INFO_ENV must not
# race with its readers. Only reports whose stack passes through the code
# that refills it count. helgrind is told that freeing memory writes it
# (--free-is-write=yes): the pairs the new start replaces have been read by
# the readers after MPI_Finalize, and nothing but the object's lock orders
# those reads before the free, so freeing them without the lock
# (test/audit/info-env-reset-unlocked) is reported whatever the timing, as
# it was in each run tried. (Without the option the free goes unseen, and
# the unlocked writes that follow are ordered before the readers' next
# reads by the first pair set under the lock.)
# mpich-info-test: np=1 section=sessions
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../helgrind.sh"
helgrind_test info_env_start_threads \
    'MPIR_Info_store_destroy|MPIR_Info_init_object|MPIR_Info_reset_env|MPIR_Info_setup_env' \
    --free-is-write=yes
