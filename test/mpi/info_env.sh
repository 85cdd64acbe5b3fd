# MPI_INFO_ENV and MPI_Info_create_env under many launch lines: process
# counts 1, 2 and 4, arguments with blanks, quotes and empty strings, -wdir
# (absolute and relative), an MPMD launch of two programs, a configuration
# file (-configfile and HYDRA_CONFIG_FILE), requested thread levels, a
# singleton, a Sessions-only program and the three Fortran interfaces, with
# MPI_INIT and with sessions only (MPI_Comm_spawn: info_env_spawn.sh). Each
# launch exports the values this script expects (EXPECT_*), worked out from
# the launch line itself; the programs work out command, argv, host, arch
# and wdir from their own arguments and the system.
# mpich-info-test: np=1 section=info
set -eu
prefix=${MPICH_INFO_PREFIX:?}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../limited_run.sh"
# shellcheck source=info_env/workdir.sh
. "$here/info_env/workdir.sh"
enter_workdir info_env
for prog in world sessions; do
    "$prefix/bin/mpicc" -I "$here" -o "info_env_$prog" "$here/info_env/$prog.c"
done
# One Fortran source, built for each of the three Fortran interfaces, with
# MPI_INIT and with MPI_SESSION_INIT.
for interface in MPI_F08 MPI MPIF_H; do
    "$prefix/bin/mpifort" "-DUSE_$interface" -o "info_env_fortran_$interface" \
        "$here/info_env/fortran.F90"
    "$prefix/bin/mpifort" "-DUSE_$interface" -DUSE_SESSIONS \
        -o "info_env_fortran_sessions_$interface" "$here/info_env/fortran.F90"
done
mpiexec=$prefix/bin/mpiexec
# For the Fortran programs, which have no uname or getcwd of their own.
EXPECT_HOST=$(uname -n)
EXPECT_ARCH=$(uname -m)
export EXPECT_HOST EXPECT_ARCH
long_argument=$(printf 'x%.0s' $(seq 1500))
# The thread level of a launch that sets none: MPI_Init's default, which the
# environment may set (make check's MPI_THREAD_MULTIPLE pass does).
EXPECT_THREAD_LEVEL=$(printf '%s' "${MPIR_CVAR_DEFAULT_THREAD_LEVEL:-MPI_THREAD_SINGLE}" |
    tr '[:lower:]' '[:upper:]')
export EXPECT_THREAD_LEVEL

status=0
# launch DESCRIPTION COMMAND...: run one launch (a second each; killed at
# 60 s, test/limited_run.sh); show its output on failure.
launch() {
    description=$1
    shift
    limited_run "$description" 60 launch.out "$@" || return 0
    if [ "$run_status" -ne 0 ]; then
        echo "FAILED: $description: expected status 0, got $run_outcome"
        echo "  command: $*"
        sed 's/^/  | /' launch.out | head -n 40
        status=1
    fi
}

for np in 1 2 4; do
    EXPECT_MAXPROCS=$np launch "$np processes, awkward arguments" \
        "$mpiexec" -n "$np" ./info_env_world "two words" "" 'say "hi"' 'back\slash' plain
done
EXPECT_MAXPROCS=1 launch "no arguments" "$mpiexec" -n 1 ./info_env_world
EXPECT_MAXPROCS=1 launch "an argument longer than MPI_MAX_INFO_VAL (argv left out)" \
    "$mpiexec" -n 1 ./info_env_world "$long_argument"
EXPECT_MAXPROCS=2 EXPECT_WDIR="$work/wdir" launch "-wdir, absolute" \
    "$mpiexec" -n 2 -wdir "$work/wdir" "$work/info_env_world" a
EXPECT_MAXPROCS=2 EXPECT_WDIR="$work/wdir" launch "-wdir, relative to mpiexec's directory" \
    "$mpiexec" -n 2 -wdir wdir "$work/info_env_world" b
EXPECT_WDIR="$work" launch "MPMD: each program sees its own count and arguments" \
    "$mpiexec" -n 1 -env EXPECT_MAXPROCS 1 ./info_env_world first : \
               -n 3 -env EXPECT_MAXPROCS 3 ./info_env_fortran_MPI second "and third"
printf '%s\n' "-n 1 -env EXPECT_MAXPROCS 1 ./info_env_world from file" \
              "-n 2 -env EXPECT_MAXPROCS 2 ./info_env_world also from file" > launch.config
EXPECT_FILE="$work/launch.config" launch "-configfile (reported as file)" \
    "$mpiexec" -configfile launch.config
# hydra's own configuration file, named by HYDRA_CONFIG_FILE, holds
# options; it is reported as file too.
printf '%s\n' "-genv EXPECT_MAXPROCS 2" > hydra.config
HYDRA_CONFIG_FILE="$work/hydra.config" EXPECT_FILE="$work/hydra.config" \
    launch "HYDRA_CONFIG_FILE (reported as file)" "$mpiexec" -n 2 ./info_env_world c
MPIR_CVAR_DEFAULT_THREAD_LEVEL=mpi_thread_funneled EXPECT_THREAD_LEVEL=MPI_THREAD_FUNNELED \
    EXPECT_MAXPROCS=2 launch "thread level asked for before start" \
    "$mpiexec" -n 2 ./info_env_world t
MPIR_CVAR_DEFAULT_THREAD_LEVEL=MPI_THREAD_MULTIPLE EXPECT_THREAD_LEVEL=MPI_THREAD_MULTIPLE \
    EXPECT_MAXPROCS=1 launch "thread level MPI_THREAD_MULTIPLE" \
    "$mpiexec" -n 1 ./info_env_world t
EXPECT_MAXPROCS=1 launch "singleton (no mpiexec)" ./info_env_world alone "with args"
EXPECT_MAXPROCS=2 launch "Sessions model only" \
    "$mpiexec" -n 2 ./info_env_sessions s1 "s 2" ""
for interface in MPI_F08 MPI MPIF_H; do
    EXPECT_MAXPROCS=2 EXPECT_WDIR="$work" launch "Fortran ($interface)" \
        "$mpiexec" -n 2 "./info_env_fortran_$interface" "f arg" "" 'q"uote' 'back\slash'
    EXPECT_MAXPROCS=2 EXPECT_WDIR="$work" launch "Fortran ($interface), Sessions model only" \
        "$mpiexec" -n 2 "./info_env_fortran_sessions_$interface" "s arg" "" 'q"uote'
done

# Each given line is a whole line of the file $1; otherwise say what came.
expect_lines() {
    file=$1
    shift
    for want in "$@"; do
        if ! grep -qxF -- "$want" "$file"; then
            echo "FAILED: mpiinfo: expected the line '$want', got:"
            sed 's/^/  | /' "$file"
            status=1
        fi
    done
}

# mpiinfo, the installed tool, prints each process's table in rank order.
if ! limited_run mpiinfo 60 mpiinfo.out "$mpiexec" -n 1 -wdir "$work/wdir" \
        "$prefix/bin/mpiinfo" x "y z" : -n 2 "$prefix/bin/mpiinfo"; then
    :
elif [ "$run_status" -eq 0 ]; then
    awk '/^MPI_INFO_ENV of rank/ { rank = $4 } { print rank ": " $0 }' mpiinfo.out > mpiinfo.ranked
    # lines of mpiinfo.ranked are "rank: line"
    expect_lines mpiinfo.ranked "0: MPI_INFO_ENV of rank 0 of 3:" \
        "0:   argv                     x \"y z\"" \
        "0:   maxprocs                 1" "0:   wdir                     $work/wdir" \
        "2: MPI_INFO_ENV of rank 2 of 3:" "2:   maxprocs                 2" \
        "2:   wdir                     $work"
    # then, from rank 0, the hints of objects made without hints
    expect_lines mpiinfo.out "Hints of a window (MPI_Win_allocate):" \
        "  no_locks                 false" \
        "Hints of a file (MPI_File_open in rank 0's working directory):" \
        "  cb_buffer_size           16777216" \
        "Hints of a session (MPI_Session_init):"
    if ! grep -q "^  filename  *$work/wdir/mpiinfo-hints\.[0-9]*\.tmp\$" mpiinfo.out; then
        echo "FAILED: mpiinfo: expected the file's filename hint in $work/wdir, got:"
        sed 's/^/  | /' mpiinfo.out
        status=1
    fi
else
    echo "FAILED: mpiinfo: expected status 0, got $run_outcome:"
    sed 's/^/  | /' mpiinfo.out
    status=1
fi

[ "$status" -eq 0 ] && echo " No Errors"
exit "$status"
