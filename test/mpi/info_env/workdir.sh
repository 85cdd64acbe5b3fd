# shellcheck shell=bash
# Sourced by info_env.sh and info_env_spawn.sh.
# enter_workdir NAME: make $MPICH_INFO_TEST_OUT/NAME afresh, with an empty
# wdir/ in it (where -wdir and the spawn info send processes), and enter it.
# work is set to its physical path, the one getcwd gives the programs that
# compare their wdir with it.
enter_workdir() {
    work="${MPICH_INFO_TEST_OUT:?}/$1"
    rm -rf "$work"
    mkdir -p "$work/wdir"
    work=$(cd "$work" && pwd -P)
    cd "$work" || exit 1
}
