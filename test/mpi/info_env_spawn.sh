# MPI_INFO_ENV of processes started by MPI_Comm_spawn and
# MPI_Comm_spawn_multiple (info_env/spawn.c): the children see the command,
# arguments, maxprocs and the wdir, soft and file values they were spawned
# with.
# MPICH 4.0.2's ucx netmod has no dynamic processes (its connect routines
# in ucx_spawn.c only return "not supported"; doc/build.txt, "Devices"),
# Debian's ch4:ucx package included: where a spawn without info fails with
# that message, the test is skipped with the reason (dynamic_processes/probe.sh).
# Anywhere else a failed spawn is a failure.
# mpich-info-test: np=1 section=info
set -eu
prefix=${MPICH_INFO_PREFIX:?}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=info_env/workdir.sh
. "$here/info_env/workdir.sh"
enter_workdir info_env_spawn
"$prefix/bin/mpicc" -I "$here" -o info_env_spawn "$here/info_env/spawn.c"

# shellcheck source=dynamic_processes/probe.sh
. "$here/dynamic_processes/probe.sh"
if no_dynamic_processes "$prefix" "$PWD"; then
    exit 77
fi

if ! EXPECT_SPAWN_WDIR="$work/wdir" EXPECT_PARENT_WDIR="$work" timeout 120 "$prefix/bin/mpiexec" -n 1 "$work/info_env_spawn" \
        < /dev/null > spawn.out 2>&1; then
    echo "FAILED: MPI_Comm_spawn and MPI_Comm_spawn_multiple: the children's own values"
    sed 's/^/  | /' spawn.out | head -n 40
    exit 1
fi
cat spawn.out
