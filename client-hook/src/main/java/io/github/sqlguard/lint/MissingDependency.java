package io.github.sqlguard.lint;

import io.github.sqlguard.flink.SqlClientLine;

import org.apache.flink.runtime.util.EnvironmentInformation;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Something the planner needed and the environment does not have: a connector, format, catalog,
 * module, class (a UDF, or a class a jar needs) or a jar. A statement that fails for this reason is
 * not wrong, the analysis could not run: lint reports it as {@value #ID} (exit code 3), never as a
 * BLOCK. The gateway, which has the real environment, keeps refusing such statements.
 *
 * <p>Stability: public, evolving ({@link #classify} is meant for the shared statement pipeline).
 *
 * @param kind what is missing
 * @param name its identifier ({@code kafka}), class name or jar path
 * @param maven the Maven coordinates of the jar that provides it, or empty when not well known
 * @param evidence the line of the planner's message that names it
 */
public record MissingDependency(Kind kind, String name, String maven, String evidence) {

    /** The id lint reports for a statement that could not be analysed for a missing dependency. */
    public static final String ID = "missing-dependency";

    /** What is missing. */
    public enum Kind {
        CONNECTOR("connector"),
        FORMAT("format"),
        CATALOG("catalog type"),
        MODULE("module"),
        FACTORY("factory"),
        CLASS("class"),
        /** Flink's Python support, which a {@code LANGUAGE PYTHON} function needs: flink-python. */
        PYTHON("flink-python"),
        JAR("jar");

        private final String noun;

        Kind(String noun) {
            this.noun = noun;
        }
    }

    // Flink 2.3.0's texts (FactoryUtil, ResourceManager, class loading).
    private static final Pattern FORMAT_FACTORY =
            Pattern.compile("Could not find any format factory for identifier '([^']+)'");
    private static final Pattern FACTORY =
            Pattern.compile("Could not find any factory for identifier '([^']+)' that implements '([\\w.$]+)'");
    private static final Pattern DISCOVER =
            Pattern.compile("Cannot discover a (connector|format|catalog|module) using option: '[^']*'='([^']+)'");
    private static final Pattern CLASS_NOT_FOUND =
            Pattern.compile("(?:ClassNotFoundException|NoClassDefFoundError)(?::\\s*|\\s+)([\\w.$/]+)");
    private static final Pattern JAR =
            Pattern.compile("(?:jar or artifact resource|jar resource|[Jj]ar file) \\[?([^\\]\\s]+?)\\]? (?:not found|does not exist)");

    private static final Pattern CAUSED_BY = Pattern.compile("^Caused by: (?:[\\w$]+\\.)*");

    /** Jars of well-known identifiers and packages: this build's Flink line's ({@link SqlClientLine}). */
    private static final Map<String, String> WELL_KNOWN = SqlClientLine.current().wellKnownJars();

    private static final Map<String, String> WELL_KNOWN_PACKAGES = SqlClientLine.current().wellKnownPackageJars();

    /**
     * Packages of flink-python. A {@code LANGUAGE PYTHON} function is instantiated through {@code
     * org.apache.flink.client.python.PythonFunctionFactory}, which Flink 2.3.0 looks up by name
     * ({@code PythonFunctionUtils#getPythonFunction} of flink-table-common: {@code Instantiating
     * python function '...' failed.} around a {@code ClassNotFoundException}); it is in flink-python.
     */
    private static final List<String> PYTHON_PACKAGES = List.of("org.apache.flink.client.python.", "org.apache.flink.python.");

    /**
     * The jar of flink-python for the Flink that runs lint (a Flink distribution has it in {@code
     * opt/}); flink-python is released with Flink, under Flink's own version.
     */
    static final String FLINK_PYTHON = "org.apache.flink:flink-python:" + EnvironmentInformation.getVersion();

    /**
     * What is missing, when {@code plannerMessage} says that the planner failed for want of a
     * connector, format, catalog, module, class or jar. Give it the whole cause chain: Flink wraps
     * the reason ({@code Unable to create a source for reading table ...} around {@code Could not
     * find any factory for identifier 'kafka' ...}).
     */
    public static Optional<MissingDependency> classify(String plannerMessage) {
        if (plannerMessage == null || plannerMessage.isBlank()) {
            return Optional.empty();
        }
        Matcher m = FORMAT_FACTORY.matcher(plannerMessage);
        if (m.find()) {
            return Optional.of(of(Kind.FORMAT, m.group(1), lineAt(plannerMessage, m.start())));
        }
        m = FACTORY.matcher(plannerMessage);
        if (m.find()) {
            return Optional.of(of(factoryKind(m.group(2)), m.group(1), lineAt(plannerMessage, m.start())));
        }
        m = DISCOVER.matcher(plannerMessage);
        if (m.find()) {
            Kind kind = switch (m.group(1)) {
                case "format" -> Kind.FORMAT;
                case "catalog" -> Kind.CATALOG;
                case "module" -> Kind.MODULE;
                default -> Kind.CONNECTOR;
            };
            return Optional.of(of(kind, m.group(2), lineAt(plannerMessage, m.start())));
        }
        m = CLASS_NOT_FOUND.matcher(plannerMessage);
        if (m.find()) {
            String name = m.group(1).replace('/', '.');
            if (PYTHON_PACKAGES.stream().anyMatch(name::startsWith)) {
                return Optional.of(new MissingDependency(Kind.PYTHON, name, FLINK_PYTHON, lineAt(plannerMessage, m.start())));
            }
            String maven = WELL_KNOWN_PACKAGES.entrySet().stream().filter(e -> name.startsWith(e.getKey()))
                    .map(Map.Entry::getValue).findFirst().orElse("");
            return Optional.of(new MissingDependency(Kind.CLASS, name, maven, lineAt(plannerMessage, m.start())));
        }
        m = JAR.matcher(plannerMessage);
        if (m.find()) {
            return Optional.of(new MissingDependency(Kind.JAR, m.group(1), "", lineAt(plannerMessage, m.start())));
        }
        return Optional.empty();
    }

    private static MissingDependency of(Kind kind, String identifier, String evidence) {
        return new MissingDependency(
                kind, identifier, WELL_KNOWN.getOrDefault(identifier.toLowerCase(Locale.ROOT), ""), evidence);
    }

    /** The line of {@code text} around {@code offset}, stripped. */
    private static String lineAt(String text, int offset) {
        int start = text.lastIndexOf('\n', offset) + 1;
        int end = text.indexOf('\n', offset);
        return CAUSED_BY.matcher(text.substring(start, end < 0 ? text.length() : end).strip()).replaceFirst("");
    }

    private static Kind factoryKind(String implemented) {
        String type = implemented.substring(implemented.lastIndexOf('.') + 1);
        if (type.contains("Format")) {
            return Kind.FORMAT;
        }
        if (type.startsWith("Catalog")) {
            return Kind.CATALOG;
        }
        if (type.startsWith("Module")) {
            return Kind.MODULE;
        }
        if (type.startsWith("DynamicTable")) {
            return Kind.CONNECTOR;
        }
        return Kind.FACTORY;
    }

    /** One sentence: what could not be analysed and why ({@link #evidence()} is Flink's own line). */
    public String reason() {
        String what = switch (kind) {
            case JAR -> "the jar " + name + " does not exist";
            case CLASS -> "the class " + name + " is not in lint's environment";
            case PYTHON -> "a Python function (LANGUAGE PYTHON) needs flink-python, which is not in lint's environment"
                    + " (Flink looked for " + name + ")";
            default -> "no " + kind.noun + " '" + name + "' is in lint's environment";
        };
        return "Analysis could not run: " + what + ", so Flink could not plan the statement;"
                + " this is not a verdict on the SQL.";
    }

    /** How to give lint what is missing. */
    public String fix() {
        String jar = switch (kind) {
            case JAR -> "Check the path (ADD JAR resolves a relative path against the working directory), or give the"
                    + " jar with --jar FILE";
            case CLASS -> "Give lint the jar that holds " + name + " (the UDF's jar, or a connector's dependency) with"
                    + " --jar FILE or --classpath DIR";
            case PYTHON -> "Give lint flink-python's jar with --jar FILE (a Flink distribution has it in opt/, e.g."
                    + " opt/flink-python-2.3.0.jar); Flink then loads the function through a Python process, so the"
                    + " Python that runs it (python.executable) needs the apache-flink package and the function's module";
            default -> "Give lint the " + kind.noun + "'s jar with --jar FILE (or --classpath DIR)";
        };
        String coordinates = maven.isEmpty() ? "" : "; it is " + maven + " on Maven Central";
        // A connector is the one dependency a stand-in replaces (StandInConnectors: not a format, a catalog or a class).
        String standIn = kind == Kind.CONNECTOR
                ? " Without the jar, --stand-in-connectors plans the table through a stand-in of its schema and changelog"
                        + " mode (docs/user-guide/lint.md, \"Without the connector's jar\")."
                : "";
        return jar + coordinates + ". In a project, list it under 'jars:' in sql-guard.yaml, or ADD JAR it in an init"
                + " script." + standIn;
    }
}
