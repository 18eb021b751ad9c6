#!/bin/sh
# Runs libFuzzer targets of a `make fuzz` tree on many cores and sums what they did.
#
#   tests/fuzz/run-fuzz.sh [-b BUILD] [-j JOBS] [-t SECONDS] [-n NICE] TARGET...
#
# TARGET: records, records_magma, blob (or fuzz_<name>). Each target runs JOBS libFuzzer
# processes at once (-jobs=JOBS -workers=JOBS) for SECONDS, sharing BUILD/tests/fuzz/work_<t>
# (the corpus the ctest lane grows too) and starting from the seeds in tests/fuzz/corpus/.
# Logs: BUILD/tests/fuzz/run_<t>/fuzz-<job>.log; a crash, leak, sanitizer report or timeout
# leaves its input as BUILD/tests/fuzz/crash_<t>_*. Prints per target the executions summed
# over the jobs (stat::number_of_executed_units) and the findings; exits 1 if any job found
# one. Defaults: BUILD=build-fuzz, JOBS=nproc, SECONDS=600, NICE=0.
#
# fuzz_records_magma needs a Vulkan device at run time: the loader (libvulkan.so.1) and an ICD.
# On a machine with other GPUs, name lavapipe's alone, e.g.
#   VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json tests/fuzz/run-fuzz.sh records_magma
# (older loaders: VK_ICD_FILENAMES). LSan reads tools/lsan.supp from the source tree.
set -u
src=$(cd "$(dirname "$0")/../.." && pwd)
build=build-fuzz
jobs=$(nproc)
seconds=600
nice_level=0
while getopts b:j:t:n: opt; do
   case $opt in
   b) build=$OPTARG ;;
   j) jobs=$OPTARG ;;
   t) seconds=$OPTARG ;;
   n) nice_level=$OPTARG ;;
   *) sed -n '2,19p' "$0"; exit 2 ;;
   esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { sed -n '2,19p' "$0"; exit 2; }
case $build in /*) ;; *) build=$src/$build ;; esac
dir=$build/tests/fuzz
status=0
for t in "$@"; do
   t=${t#fuzz_}
   bin=$dir/fuzz_$t
   [ -x "$bin" ] || { echo "run-fuzz: no $bin (make fuzz first)" >&2; exit 2; }
   case $t in blob) seeds=blob ;; *) seeds=records ;; esac
   flags=
   [ "$t" = records_magma ] && flags=-detect_leaks=0 # as tests/fuzz/CMakeLists.txt says why
   mkdir -p "$dir/work_$t" "$dir/run_$t"
   rm -f "$dir/run_$t"/fuzz-*.log
   # libFuzzer writes each job's log into the working directory
   (cd "$dir/run_$t" &&
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} LSAN_OPTIONS=suppressions=$src/tools/lsan.supp:use_tls=0 \
    nice -n "$nice_level" "$bin" -jobs="$jobs" -workers="$jobs" -max_total_time="$seconds" -timeout=20 \
       -rss_limit_mb=4096 -print_final_stats=1 $flags -artifact_prefix="$dir/crash_${t}_" \
       "$dir/work_$t" "$src/tests/fuzz/corpus/$seeds" >/dev/null 2>&1)
   execs=$(cat "$dir/run_$t"/fuzz-*.log 2>/dev/null |
           awk '/^stat::number_of_executed_units:/ { n += $2 } END { printf "%d", n }')
   # libFuzzer also writes inputs slower than 10 s (slow-unit-*): reported, not findings
   found=$(cat "$dir/run_$t"/fuzz-*.log 2>/dev/null | grep -v 'slow-unit-' |
           grep -c -E '^==[0-9]+== ?ERROR|^SUMMARY: |Test unit written to')
   slow=$(cat "$dir/run_$t"/fuzz-*.log 2>/dev/null | grep -c 'Test unit written to.*slow-unit-')
   echo "fuzz_$t: $execs executions, $jobs jobs x ${seconds} s, $found findings, $slow slow inputs (logs: $dir/run_$t)"
   if [ "$found" -ne 0 ]; then
      grep -h -E '^==[0-9]+== ?ERROR|^SUMMARY: |Test unit written to|^fuzz: ' "$dir/run_$t"/fuzz-*.log | grep -v 'slow-unit-' | sort | uniq -c
      status=1
   fi
done
exit $status
