package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.testing.JavaProcess;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

/**
 * A call's timing in a JVM where no recording was ever made (lint's): finishing it neither loads the
 * JFR event's class nor reads the JDK's event metadata, which a first event's registration costs
 * (about 40 ms of CPU); with a recording, the event is made. Each case in a JVM of its own, started
 * with {@code -verbose:class}: the test JVM's Flight Recorder may have been initialized by another
 * test ({@link StatementTimingEventTest}).
 */
class StatementTimingWithoutRecordingTest {

    private static final String EVENT = StatementTimingEvent.class.getName();
    private static final String METADATA = "jdk.jfr.internal.MetadataRepository";

    @Test
    void aCallFinishedWithoutARecordingLeavesTheEventAndTheRecordersMetadataUnloaded(@TempDir Path dir)
            throws Exception {
        String classes = run(dir, "without");

        assertThat(classes).contains("finished without a recording");
        assertThat(classes).doesNotContain(EVENT + " ", METADATA + " ");
    }

    @Test
    void aCallFinishedWhileTheRecorderIsInitializedMakesTheEvent(@TempDir Path dir) throws Exception {
        String classes = run(dir, "with");

        assertThat(classes).contains("finished with a recording");
        assertThat(classes).contains(EVENT + " ", METADATA + " ");
    }

    private static String run(Path dir, String mode) throws Exception {
        return JavaProcess.run(
                "timing-" + mode, System.getProperty("java.class.path"), List.of("-verbose:class"), Map.of(),
                dir.resolve(mode + ".log"), Duration.ofSeconds(60), Finish.class.getName(), List.of(mode));
    }

    /** Finishes one call's timing, after starting a recording when the argument is {@code with}. */
    public static final class Finish {
        public static void main(String[] args) {
            if (args[0].equals("with")) {
                try (Recording recording = new Recording()) {
                    recording.start();
                    StatementTiming.start().finish("SET", "submitted", GuardMetrics.unregistered());
                }
                System.out.println("finished with a recording: " + FlightRecorder.isInitialized());
            } else {
                StatementTiming.start().finish("SET", "submitted", GuardMetrics.unregistered());
                System.out.println("finished without a recording: " + FlightRecorder.isInitialized());
            }
        }
    }
}
