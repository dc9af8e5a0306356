package io.github.sqlguard.service;

import io.github.sqlguard.rules.Restore;

import org.apache.flink.table.api.internal.TableEnvironmentInternal;

import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a statement that runs a job restores from when its configuration names no savepoint: for
 * {@code lint}, the state a savepoint of the statement's previous version would hold ({@code lint
 * --since}, {@code lint --restores-from}). The gateway has none ({@link #NONE}): a statement restores
 * only the savepoint its configuration names, read by {@code StatementRestores}.
 */
@FunctionalInterface
public interface RestoreBaseline {

    /** No baseline: only a savepoint the configuration names is judged. */
    RestoreBaseline NONE = (config, plan, tEnv) -> Optional.empty();

    /**
     * The restore into the job of {@code compiledPlan} (the judged plan of an INSERT or statement set),
     * or empty when there is nothing it would restore from.
     *
     * @param config the statement's configuration (session and execution config)
     * @param tEnv a table environment of the statement's session of its own, to translate the plan in
     */
    Optional<Restore> restoreOf(Map<String, String> config, String compiledPlan, Supplier<TableEnvironmentInternal> tEnv);

    /**
     * This baseline as a rewrite of the statement just judged by {@link #restoreOf} sees it: the same previous
     * version, judged by the same comparison, leaving nothing behind (a rewrite's job is not one of the script's).
     * This baseline itself where {@link #restoreOf} keeps nothing.
     */
    default RestoreBaseline ofRewrites() {
        return this;
    }
}
