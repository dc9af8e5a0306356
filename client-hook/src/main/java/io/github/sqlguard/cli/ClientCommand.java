package io.github.sqlguard.cli;

import io.github.sqlguard.advice.AdvisingExecutor;
import io.github.sqlguard.advice.AdvisoryOutput;
import io.github.sqlguard.flink.SqlClientLine;
import io.github.sqlguard.policy.GuardOptions;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.client.cli.CliClient;
import org.apache.flink.table.client.cli.CliOptions;
import org.apache.flink.table.client.cli.CliOptionsParser;
import org.apache.flink.table.client.gateway.DefaultContextUtils;
import org.apache.flink.table.client.gateway.ExecutorImpl;
import org.apache.flink.table.gateway.service.context.DefaultContext;

import org.jline.terminal.Terminal;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * {@code sql-guard.sh client}: Flink's own SQL Client ({@code CliClient}: same prompt, history,
 * result modes, {@code -f} scripts) connected to a guarded gateway, or to one it starts in this JVM
 * when no endpoint is given. Its session carries the user ({@code sql-guard.user}) for the audit,
 * and after each statement the guard's WARN and INFO advisories are printed with the result; a
 * blocked statement shows the guard's message as its error.
 */
@Command(
        name = "client",
        mixinStandardHelpOptions = true,
        description = {
            "Flink's SQL Client connected to a guarded SQL Gateway, printing the guard's advisories under each statement's result.",
            "Without --endpoint, a guarded gateway with local execution is started in this JVM (embedded mode)."
        })
public final class ClientCommand implements Callable<Integer> {

    @Option(names = {"-e", "--endpoint"}, paramLabel = "HOST:PORT", description = "The guarded SQL Gateway (default: embedded).")
    String endpoint;

    @Option(names = {"-u", "--user"}, paramLabel = "NAME", description = "User named in the audit (default: the OS user).")
    String user = System.getProperty("user.name");

    @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "Run this script, then exit (as sql-client.sh -f).")
    Path file;

    @Option(names = {"-i", "--init"}, paramLabel = "FILE", description = "Initialize the session with this script first.")
    Path init;

    @Option(names = "--jar", paramLabel = "FILE",
            description = "Embedded mode: a connector, format, catalog or UDF jar for the session, as sql-client.sh --jar (repeatable).")
    List<Path> jars = new ArrayList<>();

    @Option(names = "--classpath", paramLabel = "PATHS",
            description = "Embedded mode: more jars, path-separated: each a jar, or a directory whose *.jar files are taken.")
    String classpath;

    @Option(names = "-D", paramLabel = "KEY=VALUE", description = "A session property, e.g. -D sql-client.verbose=true.")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "--history", paramLabel = "FILE", description = "History file (default: ~/.flink-sql-history).")
    Path history;

    private Supplier<Terminal> terminalFactory = CliClient.DEFAULT_TERMINAL_FACTORY;

    /** For tests: the terminal Flink's CLI writes to. */
    ClientCommand withTerminalFactory(Supplier<Terminal> factory) {
        this.terminalFactory = factory;
        return this;
    }

    @Override
    public Integer call() throws Exception {
        for (Path script : new Path[] {file, init}) {
            if (script != null && !Files.isReadable(script)) {
                System.err.println("sql-guard client: cannot read " + script + ".");
                return 2;
            }
        }
        List<URI> dependencies;
        try {
            dependencies = UserJars.resolve(jars, UserJars.splitClasspath(classpath));
        } catch (IllegalArgumentException e) {
            System.err.println("sql-guard client: " + e.getMessage());
            return 2;
        }
        if (endpoint != null && !dependencies.isEmpty()) {
            System.err.println("sql-guard client: --jar and --classpath are for embedded mode; a remote gateway loads jars"
                    + " from its own lib/ or with ADD JAR in the session.");
            return 2;
        }
        List<String> args = new ArrayList<>();
        properties.forEach((k, v) -> args.addAll(List.of("-D", k + "=" + v)));
        if (history != null) {
            args.addAll(List.of("--history", history.toString()));
        }
        CliOptions.GatewayCliOptions options =
                (CliOptions.GatewayCliOptions) CliOptionsParser.parseGatewayModeClient(args.toArray(String[]::new));
        // Flink's SQL Client reads $FLINK_CONF_DIR/config.yaml and fails without it; run alone (java -jar,
        // no Flink installation), the client starts from Flink's defaults and the -D properties.
        DefaultContext context = System.getenv("FLINK_CONF_DIR") != null
                ? DefaultContextUtils.buildDefaultContext(options)
                : SqlClientLine.current().defaultContext(Configuration.fromMap(properties), List.of());

        EmbeddedGuardedGateway embedded = null;
        try {
            URL gateway;
            if (endpoint == null) {
                embedded = EmbeddedGuardedGateway.start(context.getFlinkConfig(), dependencies);
                gateway = new URL("http://" + embedded.endpoint());
            } else {
                gateway = new URL(endpoint.contains("://") ? endpoint : "http://" + endpoint);
            }
            // Sent with the other session properties when the executor opens its session.
            context.getFlinkConfig().setString(GuardOptions.USER_PROPERTY.key(), user);
            AdvisoryOutput output = new AdvisoryOutput();
            ExecutorImpl stock = new ExecutorImpl(context, gateway, options.getSessionId());
            URI root = URI.create(gateway.getProtocol() + "://" + gateway.getHost() + ":" + gateway.getPort() + "/");
            try (AdvisingExecutor executor =
                            SqlClientLine.current().advising(stock, stock.getSessionHandle().toString(), root, output);
                    CliClient cli = new CliClient(output.wrap(terminalFactory), executor, historyFile(options))) {
                if (init != null && !SqlClientLine.current().executeInitialization(cli, init)) {
                    System.err.println("sql-guard client: failed to initialize the session from " + init + ".");
                    return 1;
                }
                if (file != null) {
                    SqlClientLine.current().executeInNonInteractiveMode(cli, file);
                } else {
                    cli.executeInInteractiveMode();
                }
            }
            return 0;
        } finally {
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    private static Path historyFile(CliOptions options) {
        return options.getHistoryFilePath() != null
                ? Path.of(options.getHistoryFilePath())
                : Path.of(System.getProperty("user.home"), ".flink-sql-history");
    }
}
