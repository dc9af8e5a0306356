package io.github.sqlguard.endpoint;

import org.apache.flink.runtime.util.EnvironmentInformation;

/**
 * Which guard and which Flink judge a gateway's statements, as its banner and start record say: the
 * policy hash covers the {@code sql-guard.*} options only, and the same options (none, the default
 * policy, included) can decide differently under another version of the guard or of Flink's planner.
 */
final class GuardVersion {

    private GuardVersion() {}

    /**
     * {@code guard 0.1.0 on Flink 2.3.0}: the guard's version from its jar's manifest ({@code
     * Implementation-Version}, "development build" from classes outside a jar), Flink's from {@link
     * EnvironmentInformation#getVersion}.
     */
    static String describe() {
        String guard = GuardVersion.class.getPackage().getImplementationVersion();
        return "guard " + (guard == null ? "development build" : guard) + " on Flink " + EnvironmentInformation.getVersion();
    }
}
