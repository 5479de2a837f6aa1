# Call 4 (2026-12-03, second session; the machine still warm after call 3, the session's last 150 s of device
# time): fresh ab of the user PTX planted GELU at 2^20, +1 % against 0.5 % and A/A at the default threshold,
# two tries each, at most 30 s a run. The command as run, from the repository root:
source bench/gpu/with-dist.sh >/dev/null 2>&1; SIZES=20 CASES="plus1 aa" TRIES=2 SEED=8100 MAX_TIME_S=30 FINAL=/tmp/c4 timeout 130 bash bench/gpu/ab-fresh.sh > /tmp/c4.out 2>&1; cat /tmp/c4/summary.csv; (cd /tmp && tar -cf - c4 c4.out | xz -T0 -6 > $OUT/call4.txz); cp /tmp/c4/summary.csv $OUT/call4-summary.csv
