#!/usr/bin/env bash
# lint's one JVM as bin/sql-guard.sh starts it for a small run, with extra JVM flags first-after the launch files ($@)
c=/tmp/lintcds/cache
launch=$(ls $c/launch-*[0-9].args)
exec java @"$launch" @"${launch%.args}.small.args" -Dsql-guard.fast-start.launch-file="$launch" -Dsql-guard.log.level=WARN "$@" \
  -Dlogback.configurationFile=/tmp/lintcds/conf/logback-client.xml -Dsql-guard.log.dir=/tmp/lintcds/log \
  -Dsql-guard.audit.file=/tmp/lintcds/log/sql-guard-lint-audit.jsonl -Dsql-guard.command=bin/sql-guard.sh \
  -jar /tmp/lintcds/cli.jar lint -q --conf /tmp/lintcds/conf one.sql
