import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Execution samples whose stack holds a frame containing MARKER (java JfrUnder.java MARKER a.jfr ...): the frame that
 * called it (the nearest frame below it in the stack that is not java.lang.invoke's) and the leaf frame, counted.
 */
public class JfrUnder {
    public static void main(String[] args) throws Exception {
        String marker = args[0];
        Map<String, Long> callers = new HashMap<>();
        Map<String, Long> leaves = new HashMap<>();
        long total = 0;
        for (int i = 1; i < args.length; i++) {
            for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(args[i]))) {
                if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) {
                    continue;
                }
                List<RecordedFrame> frames = e.getStackTrace().getFrames();
                for (int f = 0; f < frames.size(); f++) {
                    if (name(frames.get(f)).contains(marker)) {
                        total++;
                        String caller = "?";
                        for (int c = f + 1; c < frames.size(); c++) {
                            String n = name(frames.get(c));
                            if (!n.startsWith("java.lang.invoke.")) {
                                caller = n + ":" + frames.get(c).getLineNumber();
                                break;
                            }
                        }
                        callers.merge(caller, 1L, Long::sum);
                        leaves.merge(name(frames.get(0)), 1L, Long::sum);
                        break;
                    }
                }
            }
        }
        System.out.println("samples under " + marker + ": " + total);
        System.out.println("callers:");
        callers.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(Long.getLong("limit", 25))
                .forEach(c -> System.out.printf("%5d  %s%n", c.getValue(), c.getKey()));
        System.out.println("leaves:");
        leaves.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(15)
                .forEach(c -> System.out.printf("%5d  %s%n", c.getValue(), c.getKey()));
    }

    static String name(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName();
    }
}
