#!/usr/bin/env bash
# pre-commit entry of the 'sql-guard-lint' hook (.pre-commit-hooks.yaml): lints the *.sql files
# pre-commit passes, with the project's sql-guard.yaml (found from the repository root upward).
#
# Uses the Flink SQL Guard at $SQL_GUARD_HOME when it is set (an installed or prebuilt copy);
# otherwise this checkout, which pre-commit cloned. bin/sql-guard.sh runs the CLI jar: the one
# $SQL_GUARD_CLI_JAR names (downloaded: Java 17 is all it needs), else this checkout's, which it
# builds with Maven on first run.
set -euo pipefail
home="${SQL_GUARD_HOME:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
exec "$home/bin/sql-guard.sh" lint -q "$@"
