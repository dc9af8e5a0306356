#!/usr/bin/env bash
# lint's one JVM as bin/sql-guard.sh starts it for a small run; extra JVM flags ($@) after the launch files
c=/tmp/lintcpu-work/cache
launch=$(ls $c/launch-*[0-9].args)
exec java @"$launch" @"${launch%.args}.small.args" -Dsql-guard.fast-start.launch-file="$launch" -Dsql-guard.log.level=WARN "$@" \
  -Dlogback.configurationFile=/tmp/lintcpu-work/conf/logback-client.xml -Dsql-guard.log.dir=/tmp/lintcpu-work/log \
  -Dsql-guard.audit.file=/tmp/lintcpu-work/log/sql-guard-lint-audit.jsonl -Dsql-guard.command=bin/sql-guard.sh \
  -jar /tmp/lintcpu-work/cli.jar lint -q --conf /tmp/lintcpu-work/conf one.sql
