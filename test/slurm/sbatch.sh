#!/bin/sh
# sbatch.sh UPCRUN HELLO NODES EXITS — a batch job on 2 nodes x 2 tasks
# (sbatch --wait, inside tools/slurm-cluster) whose script runs UPC programs
# with srun and with upcrun, as docs/slurm.md shows; its output must have
# every thread's line twice, the nodes found twice, and upc_global_exit's
# status.
set -u
upcrun=$1 hello=$2 nodes=$3 exits=$4
dir=$(mktemp -d "${TMPDIR:-/tmp}/upcc-sbatch.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT
cat >"$dir/job.sh" <<EOF
#!/bin/sh
#SBATCH -N 2
#SBATCH --ntasks-per-node=2
#SBATCH -o $dir/out
echo "batch script on \$(hostname): job \$SLURM_JOB_ID, \$SLURM_NTASKS tasks"
srun $hello | sort
srun $nodes 2x2
$upcrun $hello | sort
$upcrun -n 4 $nodes 2x2
$upcrun -n 4 $exits global-one 5
echo "global-one status \$?"
EOF
sbatch --wait "$dir/job.sh"
rc=$?
echo "-- the job's output"
cat "$dir/out"
echo "--"
ok=1
[ "$rc" -eq 0 ] || { echo "sbatch.sh: sbatch --wait: status $rc"; ok=0; }
for want in "2:^Hello from thread 3 of 4$" "2:^PASS: 2 nodes of 2 threads" "1:^global-one status 5$"; do
  n=${want%%:*} re=${want#*:}
  got=$(grep -c -- "$re" "$dir/out")
  [ "$got" -eq "$n" ] || { echo "sbatch.sh: $got lines match '$re', want $n"; ok=0; }
done
[ "$ok" -eq 1 ] && echo "sbatch.sh: ok"
[ "$ok" -eq 1 ]
