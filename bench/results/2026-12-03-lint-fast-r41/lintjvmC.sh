#!/usr/bin/env bash
# lintjvmC.sh : lint's JVM alone with the options FastStart writes into the launch file of jar C
exec /tmp/lint-fast/lintjvm.sh C -Xms320m -Xmn192m -XX:+UseTransparentHugePages "$@"
