package io.github.sqlguard.flink;

import io.github.sqlguard.advice.AdvisingExecutor;
import io.github.sqlguard.advice.AdvisoryOutput;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.client.cli.CliClient;
import org.apache.flink.table.client.gateway.Executor;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.gateway.service.context.DefaultContext;

import javax.annotation.Nullable;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/** Flink 2.x (built and tested with 2.3): URIs for jars and scripts, {@code Executor#deployScript}, {@code WriterInitContext}. */
final class CurrentSqlClientLine implements SqlClientLine {

    static final SqlClientLine INSTANCE = new CurrentSqlClientLine();

    private CurrentSqlClientLine() {}

    @Override
    public DefaultContext defaultContext(Configuration config, List<URI> jars) {
        return new DefaultContext(config, jars);
    }

    @Override
    public boolean executeInitialization(CliClient cli, Path script) {
        return cli.executeInitialization(script.toUri());
    }

    @Override
    public void executeInNonInteractiveMode(CliClient cli, Path script) {
        cli.executeInNonInteractiveMode(script.toUri());
    }

    @Override
    public AdvisingExecutor advising(Executor executor, String sessionHandle, URI gatewayRoot, AdvisoryOutput output) {
        return new AdvisingExecutor(executor, sessionHandle, gatewayRoot, output) {
            @Override
            public String deployScript(@Nullable String script, @Nullable URI uri) {
                return executor.deployScript(script, uri);
            }
        };
    }

    @Override
    public Sink<RowData> neverRunSink(String what, SerializableFunction<String, RuntimeException> neverRun) {
        return new NeverRunSink(what, neverRun);
    }

    /** A sink whose writer throws. */
    private static final class NeverRunSink implements Sink<RowData> {

        private static final long serialVersionUID = 1L;

        private final String what;
        private final SerializableFunction<String, RuntimeException> neverRun;

        NeverRunSink(String what, SerializableFunction<String, RuntimeException> neverRun) {
            this.what = what;
            this.neverRun = neverRun;
        }

        @Override
        public SinkWriter<RowData> createWriter(WriterInitContext context) {
            throw neverRun.apply(what);
        }
    }
}
