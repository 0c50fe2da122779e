#!/bin/sh
# A stand-in for the oj-mcp-rs binary in the launcher tests (scripts/ship/npm-smoke.sh): it
# prints its arguments, then exits with the code after `--exit` or kills itself with the signal
# after `--signal`.
printf 'stub-binary argv: %s\n' "$*"
case "$1" in
--exit) exit "$2" ;;
--signal)
	kill -s "$2" $$
	sleep 5
	;;
esac
exit 0
