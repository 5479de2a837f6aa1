# Call 4 (2026-12-03, third session; the machine still warm after call 3, the session's last 190 s of device
# time): two more built-in A/A and plus2 runs at 2^22+2^24. The command as run, from the repository root:
source bench/gpu/with-dist.sh >/dev/null 2>&1; RUNS="builtin:22,24:aa:30 builtin:22,24:plus2:30" PLANTED=.device/planted STOP_S=110 HARD_S=150 SEED=9300 FINAL=/tmp/camp4 bash bench/gpu/ab-campaign.sh > /dev/null 2>&1; cat /tmp/camp4/runs.txt /tmp/camp4/*.csv > $OUT/call4-summary.txt; (cd /tmp && tar -cf - camp4 | xz -T0 -6 > $OUT/call4.txz); tail -2 $OUT/call4-summary.txt
