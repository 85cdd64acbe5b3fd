# The settings a test runs with when it has more processes than the machine
# has cores: every waiting process gives its core to the processes it waits
# for after each poll, on ch4 (MPIR_CVAR_CH4_POLLS_BEFORE_YIELD, patch 0050)
# and on ch3:nemesis (MPIR_CVAR_POLLS_BEFORE_YIELD, made to work on Linux by
# patch 0051). Without them such a test busy-waits for minutes. Sourced by
# the runners; each device ignores the other's variable.
# "More processes than cores": more than this.
cores=$(nproc)
oversubscribed_env=(MPIR_CVAR_CH4_POLLS_BEFORE_YIELD=1 MPIR_CVAR_POLLS_BEFORE_YIELD=1)

# cannot_oversubscribe NAME NP: an MPICH built without section
# "performance" of the series (which holds those two patches) cannot yield,
# so a run of more processes than cores is reported not applicable (N/A)
# instead of busy-waiting; succeeds when that is so. (report.sh first.)
cannot_oversubscribe() {
    [ "$2" -gt "$cores" ] && ! section_built performance || return 1
    not_applicable "$1" performance "to run $2 processes on $cores cores"
}
