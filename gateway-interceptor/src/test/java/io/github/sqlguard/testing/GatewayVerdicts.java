package io.github.sqlguard.testing;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.runtime.util.EnvironmentInformation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Each statement's verdict and rule ids as the guarded gateway service decided them in {@code
 * CaseCorpusTest}'s run of the corpus (the fast tier of gateway-interceptor), kept in {@code
 * gateway-interceptor/target/corpus-gateway-verdicts.json}, so that client-hook's {@code
 * GatewayLintEquivalenceIT} compares lint with them instead of sending the corpus through the same
 * gateway service again (CONTRIBUTING.md: the same corpus is not run through the same path twice).
 *
 * <p>What was recorded counts only for the same guard and the same Flink: the file is keyed by the SHA-256
 * of gateway-interceptor's compiled classes ({@code target/classes}, names and contents) and Flink's
 * version, and each case by the SHA-256 of its file. A case without a matching entry (not run, failed, or
 * changed since, or a guard built again since) is run through the gateway by the reader, as before.
 */
public final class GatewayVerdicts {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What is written: the build's key and, per case file name, the case's digest and its statements' verdicts. */
    private record Kept(String build, Map<String, Case> cases) {}

    /** A case's file digest and, per statement in order, {@code VERDICT [rule-id, ...]} (ids sorted). */
    private record Case(String sha256, List<String> verdicts) {}

    private static Map<String, Case> read;

    private GatewayVerdicts() {}

    /** A statement's verdict and rule ids as both sides write them: {@code WARN [stateful-without-ttl]}. */
    public static String of(String verdict, Stream<String> ruleIds) {
        return verdict + " " + ruleIds.sorted().toList();
    }

    /** Writes the verdicts of the cases run ({@link #of} per statement, by case file), replacing an earlier record. */
    public static void write(Map<Path, List<String>> byCase) {
        Map<String, Case> cases = new TreeMap<>();
        byCase.forEach((file, verdicts) -> cases.put(file.getFileName().toString(), new Case(sha256(file), verdicts)));
        try {
            Files.createDirectories(file().getParent());
            JSON.writerWithDefaultPrettyPrinter().writeValue(file().toFile(), new Kept(build(), cases));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The verdicts recorded for case {@code file} by this build of the guard on this Flink, if its content is the same. */
    public static synchronized Optional<List<String>> recorded(Path file) {
        if (read == null) {
            read = Map.of();
            if (Files.exists(file())) {
                try {
                    Kept kept = JSON.readValue(file().toFile(), new TypeReference<Kept>() {});
                    if (kept.build().equals(build())) {
                        read = kept.cases();
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        Case kept = read.get(file.getFileName().toString());
        return kept != null && kept.sha256().equals(sha256(file)) ? Optional.of(kept.verdicts()) : Optional.empty();
    }

    private static Path file() {
        return GuardedGateway.projectRoot().resolve("gateway-interceptor/target/corpus-gateway-verdicts.json");
    }

    /** The guard's compiled classes and Flink's version. */
    private static String build() {
        Path classes = GuardedGateway.projectRoot().resolve("gateway-interceptor/target/classes");
        MessageDigest digest = sha256();
        digest.update(EnvironmentInformation.getVersion().getBytes(StandardCharsets.UTF_8));
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                digest.update((classes.relativize(file) + "\0").getBytes(StandardCharsets.UTF_8));
                digest.update(Files.readAllBytes(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static String sha256(Path file) {
        try {
            return HexFormat.of().formatHex(sha256().digest(Files.readAllBytes(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
