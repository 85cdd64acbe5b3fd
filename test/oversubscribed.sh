# The settings a test runs with when it has more processes than the machine
# has cores: every waiting process gives its core to the processes it waits
# for after each poll, on ch4 (MPIR_CVAR_CH4_POLLS_BEFORE_YIELD, patch 0051)
# and on ch3:nemesis (MPIR_CVAR_POLLS_BEFORE_YIELD, made to work on Linux by
# patch 0052). Without them such a test busy-waits for minutes. Sourced by
# the runners; each device ignores the other's variable.
# "More processes than cores": more than this.
cores=$(nproc)
oversubscribed_env=(MPIR_CVAR_CH4_POLLS_BEFORE_YIELD=1 MPIR_CVAR_POLLS_BEFORE_YIELD=1)
