package io.github.sqlguard.lint;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.config.TableConfigOptions;

/**
 * The configuration lint's sessions start from: the user's (Flink's {@code config.yaml}, {@code -D}, the
 * guard's policy) with local, attached execution, as {@code sql-client.sh} in embedded mode, and without
 * Flink's splitting of generated code where the user sets no {@code table.generated-code.max-length}.
 *
 * <p>Flink's {@code GeneratedClass} constructor splits each generated class longer than {@link
 * TableConfigOptions#MAX_LENGTH_GENERATED_CODE} (default 4,000 characters) into smaller methods with an ANTLR
 * Java parser ({@code JavaCodeSplitter.split}, {@code flink-table-runtime}), so that Janino can compile it when
 * the job runs ({@code GeneratedClass#compile} compiles the split code, the original where that fails). The translation of every planned
 * statement builds such classes (an aggregation's {@code AggsHandlerCodeGenerator}), and lint translates to
 * judge: Flink refuses some statements only while translating (bench/results/2026-12-03-lint-cpu-r43.md). But
 * lint never compiles or runs generated code, so the split text is never read: with the threshold at {@link
 * Integer#MAX_VALUE} the splitter returns the code as it is ({@code JavaCodeSplitter#splitImpl}: code no longer
 * than the threshold is returned unsplit) and the plan, the translation and its job are otherwise Flink's.
 * In a one-script lint the splitting was about 4 % of lint's CPU, 259 classes and 240 C1 compilations
 * (bench/results/2026-12-05-lint-cpu-r54.md). What lint then cannot see is a failure of the splitter itself,
 * which Flink reports as "JavaCodeSplitter failed. This is a bug." when the job is submitted: like a generated
 * class Janino cannot compile, an error of Flink's code generation, not of the statement's plan.
 *
 * <p>A value the user gives (in {@code config.yaml}, with {@code -D}, or a script's {@code SET}) is Flink's to
 * apply, as on the gateway, and a {@code RESET} of the key comes back to this configuration's.
 */
final class LintSessionConfiguration {

    private LintSessionConfiguration() {}

    /** The default configuration of lint's sessions, from the user's {@code config}. */
    static Configuration of(Configuration config) {
        Configuration session = new Configuration(config);
        session.setString("execution.target", "local");
        session.setString("execution.attached", "true");
        if (!config.contains(TableConfigOptions.MAX_LENGTH_GENERATED_CODE)) {
            session.set(TableConfigOptions.MAX_LENGTH_GENERATED_CODE, Integer.MAX_VALUE);
        }
        return session;
    }
}
