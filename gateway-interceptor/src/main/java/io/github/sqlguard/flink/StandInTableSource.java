package io.github.sqlguard.flink;

/**
 * A table source that stands in for a connector whose jar is absent (lint's {@code --stand-in-connectors}): what it
 * implements is inferred from the real connector's name, not the connector's own, so what the guard reads of it
 * ({@link LookupSources}) is said to be inferred.
 */
public interface StandInTableSource {}
