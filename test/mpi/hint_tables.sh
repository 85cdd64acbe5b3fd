# The README's hint lists are what the installed MPICH prints from the
# tables its code uses (MPIR_CVAR_HINT_TABLES_PRINT), so they cannot drift:
# every section it prints (the hints on every device and those of the
# device installed) must be in the README as printed. It starts two
# processes, since only the first one may print. A README with one default
# changed must be caught, so the check itself is shown to work.
# mpich-info-test: np=1
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
python3 "$top/maint/hint-tables" check "$top/README" < "$work/printed"

# Counter-check: the first "default false" in the README's lists made
# "default true" must be reported.
awk '/^  \[hint lists printed by MPICH/ { inside = 1 }
     /^  \[end of the hint lists\]/ { inside = 0 }
     inside && !done && sub(/default false/, "default true") { done = 1 }
     { print }' "$top/README" > "$work/README.altered"
if cmp -s "$top/README" "$work/README.altered"; then
    echo "counter-check: the README's lists have no 'default false' to alter"
    exit 1
fi
if python3 "$top/maint/hint-tables" check "$work/README.altered" < "$work/printed" > "$work/altered.out"; then
    echo "counter-check: a README with an altered default passed the check"
    exit 1
fi
echo "counter-check: the altered README was caught"
