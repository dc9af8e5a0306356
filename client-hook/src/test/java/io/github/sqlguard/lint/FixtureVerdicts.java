package io.github.sqlguard.lint;

import org.apache.flink.runtime.util.EnvironmentInformation;

/** The fixture repository's verdicts that differ between the Flink lines, as each line's planner decides them. */
final class FixtureVerdicts {

    /** True when the tests run against Flink 1.x (the 1.20 build, -Pflink-1.20). */
    static final boolean FLINK_1 = EnvironmentInformation.getVersion().startsWith("1.");

    /**
     * jobs/customer_orders.sql, a regular join of a Kafka table with an upsert-kafka table: Flink 1.20
     * plans a {@code ChangelogNormalize} (its own state, its own {@code stateful-without-ttl}) between
     * the upsert source and the join; Flink 2.3 joins the upsert stream without it (measured with
     * each line's CLI jar: statefulOperators {@code {ChangelogNormalize: 1, Join: 1}} vs {@code {Join: 1}}).
     */
    static final String CUSTOMER_ORDERS =
            FLINK_1 ? "WARN stateful-without-ttl stateful-without-ttl" : "WARN stateful-without-ttl";

    private FixtureVerdicts() {}
}
