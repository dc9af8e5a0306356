package io.github.sqlguard.endpoint;

import java.util.Optional;
import org.apache.flink.runtime.util.EnvironmentInformation;

/**
 * Which guard and which Flink judge a gateway's statements or a lint run, as the gateway's banner and start
 * record, {@code sql-guard --version} and a SARIF report's tool say: the policy hash covers the {@code
 * sql-guard.*} options only, and the same options (none, the default policy, included) can decide
 * differently under another version of the guard or of Flink's planner.
 */
public final class GuardVersion {

    private GuardVersion() {}

    /**
     * The guard's version from its jar's manifest ({@code Implementation-Version}: the plugin jar's and the
     * CLI jar's both carry it); empty for classes outside a jar, a development build.
     */
    public static Optional<String> guard() {
        return Optional.ofNullable(GuardVersion.class.getPackage().getImplementationVersion());
    }

    /** Flink's version, from {@link EnvironmentInformation#getVersion}. */
    public static String flink() {
        return EnvironmentInformation.getVersion();
    }

    /** {@code guard 0.1.0 on Flink 2.3.0}, or {@code guard development build on Flink 2.3.0}. */
    static String describe() {
        return "guard " + guard().orElse("development build") + " on Flink " + flink();
    }
}
