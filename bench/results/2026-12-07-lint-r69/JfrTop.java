import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Execution samples of every thread of one or more JFR recordings (java JfrTop.java a.jfr b.jfr ... [-- marker,marker]):
 * the samples per thread, the top 60 methods by inclusive share (a method counted once per sample whose stack holds
 * it), and for each marker (a substring of "class.method") its inclusive share.
 */
public class JfrTop {
    public static void main(String[] args) throws Exception {
        List<String> files = new ArrayList<>();
        String[] markers = new String[0];
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--")) {
                markers = args[i + 1].split(",");
                break;
            }
            files.add(args[i]);
        }
        Map<String, Long> threads = new HashMap<>();
        Map<String, Long> inclusive = new HashMap<>();
        long[] hits = new long[markers.length];
        long total = 0;
        for (String file : files) {
            for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(file))) {
                if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) {
                    continue;
                }
                total++;
                String thread = e.getThread("sampledThread").getJavaName();
                threads.merge(thread == null ? "?" : thread.replaceAll("\\d+", "N"), 1L, Long::sum);
                Set<String> seen = new HashSet<>();
                for (RecordedFrame f : e.getStackTrace().getFrames()) {
                    seen.add(f.getMethod().getType().getName() + "." + f.getMethod().getName());
                }
                seen.forEach(m -> inclusive.merge(m, 1L, Long::sum));
                for (int m = 0; m < markers.length; m++) {
                    for (String s : seen) {
                        if (s.contains(markers[m])) {
                            hits[m]++;
                            break;
                        }
                    }
                }
            }
        }
        long all = total;
        System.out.println("samples " + total);
        threads.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(12)
                .forEach(t -> System.out.printf("  thread %-50s %5d %5.1f%%%n", t.getKey(), t.getValue(), 100.0 * t.getValue() / all));
        inclusive.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(60)
                .forEach(t -> System.out.printf("%6d %5.1f%%  %s%n", t.getValue(), 100.0 * t.getValue() / all, t.getKey()));
        for (int m = 0; m < markers.length; m++) {
            System.out.printf("marker %6d %5.1f%%  %s%n", hits[m], 100.0 * hits[m] / all, markers[m]);
        }
    }
}
