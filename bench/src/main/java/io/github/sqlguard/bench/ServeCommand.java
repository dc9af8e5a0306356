package io.github.sqlguard.bench;

import io.github.sqlguard.testing.GuardedGateway;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The gateway process the harness starts (one per endpoint type): a real Flink SQL Gateway with
 * local execution, answering a line protocol on standard input/output. It prints {@code READY
 * <port>} once it listens; {@code heap} runs a full GC and answers {@code HEAP <used> <committed>}
 * in bytes; {@code stop} or the end of input stops the gateway.
 */
@Command(name = "serve", hidden = true, description = "Internal: one gateway process of the 'gateways' benchmark.")
public final class ServeCommand implements Callable<Integer> {

    @Option(names = "--endpoint", required = true, description = "rest (plain) or guard")
    String endpoint;

    @Override
    public Integer call() throws Exception {
        try (GuardedGateway gateway = GuardedGateway.start(endpoint, Map.of())) {
            System.out.println("READY " + gateway.port());
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null && !line.strip().equals("stop")) {
                if (line.strip().equals("heap")) {
                    System.gc();
                    Runtime runtime = Runtime.getRuntime();
                    System.out.println("HEAP " + (runtime.totalMemory() - runtime.freeMemory()) + " " + runtime.totalMemory());
                    System.out.flush();
                }
            }
        }
        return 0;
    }
}
