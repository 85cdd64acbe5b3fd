# The hint lists of doc/hint-lists.txt are what the installed MPICH prints
# from the tables its code uses (MPIR_CVAR_HINT_TABLES_PRINT), so they
# cannot drift: every section it prints (the hints on every device and
# those of the device installed) must be in doc/hint-lists.txt as printed.
# It starts two processes, since only the first one may print. A page with
# one default changed must be caught, so the check itself is shown to
# work.
# mpich-info-test: np=1 section=info
set -eu
prefix=${MPICH_INFO_PREFIX:?}
out_dir=${MPICH_INFO_TEST_OUT:?}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work="$out_dir/hint_tables"
rm -rf "$work"
mkdir -p "$work"
cat > "$work/init_only.c" <<'PROGRAM'
#include <mpi.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Finalize();
    return 0;
}
PROGRAM
"$prefix/bin/mpicc" -o "$work/init_only" "$work/init_only.c"
MPIR_CVAR_HINT_TABLES_PRINT=1 "$prefix/bin/mpiexec" -n 2 "$work/init_only" > "$work/printed"
lists="$top/doc/hint-lists.txt"
python3 "$top/maint/hint-tables" check "$lists" < "$work/printed"

# Counter-checks: a page with one default altered must be reported, in
# MPICH's own lists (the first "default false" made "default true") and in
# ROMIO's file list (cb_buffer_size's default changed).
# counter_check NAME 'REGEX|REPLACEMENT': the first match in the lists
# replaced
counter_check() {
    awk -v edit="$2" '/^  \[hint lists printed by MPICH/ { inside = 1 }
         /^  \[end of the hint lists\]/ { inside = 0 }
         inside && !done {
             split(edit, e, "|")
             if (sub(e[1], e[2])) done = 1
         }
         { print }' "$lists" > "$work/hint-lists.$1"
    if cmp -s "$lists" "$work/hint-lists.$1"; then
        echo "counter-check $1: nothing in the lists of $lists to alter"
        exit 1
    fi
    if python3 "$top/maint/hint-tables" check "$work/hint-lists.$1" < "$work/printed" > "$work/$1.out"; then
        echo "counter-check $1: a page with an altered default passed the check"
        exit 1
    fi
    echo "counter-check $1: the altered page was caught"
}
counter_check mpich-default 'default false|default true'
grep -q '^  Hints of a file, on UFS and NFS (ROMIO'"'"'s common hints):$' "$work/printed" || {
    echo "expected ROMIO's file hints in what MPICH printed, got:"
    grep '^  Hints' "$work/printed"
    exit 1
}
counter_check file-default 'default 16777216|default 8388608'
