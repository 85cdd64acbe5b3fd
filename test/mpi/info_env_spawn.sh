# MPI_INFO_ENV of processes started by MPI_Comm_spawn and
# MPI_Comm_spawn_multiple (info_env/spawn.c): the children see the command,
# arguments, maxprocs and the wdir, soft and file values they were spawned
# with.
# MPICH 4.0.2's ucx netmod has no dynamic processes (its connect routines
# in ucx_spawn.c only return "not supported"; README, "Configure options"),
# Debian's ch4:ucx package included, so on that device a spawn without
# info is tried first; when even that fails, the test is skipped with the
# reason instead of failing for something the patches do not touch. On
# every other device a failed spawn is a failure.
# mpich-info-test: np=1
set -eu
prefix=${MPICH_INFO_PREFIX:?}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=info_env/workdir.sh
. "$here/info_env/workdir.sh"
enter_workdir info_env_spawn
"$prefix/bin/mpicc" -I "$here" -o info_env_spawn "$here/info_env/spawn.c"

if [ "${MPICH_INFO_DEVICE:-}" = ch4:ucx ]; then
    cat > plain_spawn.c <<'PROGRAM'
#include <mpi.h>
int main(int argc, char **argv)
{
    MPI_Comm parent, children;
    MPI_Init(&argc, &argv);
    MPI_Comm_get_parent(&parent);
    if (parent == MPI_COMM_NULL) {
        MPI_Comm_spawn(argv[0], MPI_ARGV_NULL, 1, MPI_INFO_NULL, 0, MPI_COMM_SELF, &children,
                       MPI_ERRCODES_IGNORE);
        MPI_Comm_disconnect(&children);
    } else {
        MPI_Comm_disconnect(&parent);
    }
    MPI_Finalize();
    return 0;
}
PROGRAM
    "$prefix/bin/mpicc" -o plain_spawn plain_spawn.c
    if ! timeout 60 "$prefix/bin/mpiexec" -n 1 ./plain_spawn < /dev/null > plain_spawn.out 2>&1; then
        sed 's/^/  | /' plain_spawn.out | head -n 5
        echo "MPI_Comm_spawn without info fails on ch4:ucx: MPICH 4.0.2's ucx netmod has no dynamic processes"
        exit 77
    fi
fi

if ! EXPECT_SPAWN_WDIR="$work/wdir" EXPECT_PARENT_WDIR="$work" timeout 120 "$prefix/bin/mpiexec" -n 1 "$work/info_env_spawn" \
        < /dev/null > spawn.out 2>&1; then
    echo "FAILED: MPI_Comm_spawn and MPI_Comm_spawn_multiple: the children's own values"
    sed 's/^/  | /' spawn.out | head -n 40
    exit 1
fi
cat spawn.out
