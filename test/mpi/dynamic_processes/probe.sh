# Sourced by the tests that start processes with MPI_Comm_spawn.
# no_dynamic_processes PREFIX DIR: succeeds, printing why, when the MPICH
# under test cannot spawn even one process without info because its device
# says it has no dynamic processes: MPICH 4.0.2's ch4:ucx, Debian's package
# included (doc/build.txt, "Devices"). Anywhere else it fails, so the
# test runs its spawns and a failed spawn is a failure. DIR receives the
# probe program and its output.
no_dynamic_processes() {
    local prefix=$1 dir=$2
    cat > "$dir/plain_spawn.c" <<'PROGRAM'
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
    "$prefix/bin/mpicc" -o "$dir/plain_spawn" "$dir/plain_spawn.c"
    if timeout 60 "$prefix/bin/mpiexec" -n 1 "$dir/plain_spawn" < /dev/null > "$dir/plain_spawn.out" 2>&1; then
        return 1
    fi
    grep -q "not supported with ucx netmod" "$dir/plain_spawn.out" || return 1
    echo "MPI_Comm_spawn fails here: MPICH 4.0.2's ucx netmod has no dynamic processes"
}
