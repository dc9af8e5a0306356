import jdk.jfr.consumer.*;
import java.nio.file.Path;
import java.util.*;

/** Samples of thread main under frame arg1: for each marker of arg2 (comma-separated), the share of samples whose stack holds it (inclusive). */
public class JfrIncl {
    public static void main(String[] a) throws Exception {
        String under = a[1]; String[] markers = a[2].split(",");
        String event = a.length > 3 ? a[3] : "jdk.ExecutionSample";
        long[] hits = new long[markers.length]; long total = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(a[0]))) {
            if (!e.getEventType().getName().equals(event)) continue;
            RecordedThread t = e.getThread(event.equals("jdk.ExecutionSample") ? "sampledThread" : "eventThread");
            if (t == null || !"main".equals(t.getJavaName()) || e.getStackTrace() == null) continue;
            List<RecordedFrame> f = e.getStackTrace().getFrames();
            boolean in = false;
            for (RecordedFrame x : f) if (name(x).contains(under)) { in = true; break; }
            if (!in) continue;
            long w = event.equals("jdk.ExecutionSample") ? 1 : e.getLong("weight");
            total += w;
            for (int m = 0; m < markers.length; m++) {
                for (RecordedFrame x : f) if (name(x).contains(markers[m])) { hits[m] += w; break; }
            }
        }
        System.out.println("total " + total);
        for (int m = 0; m < markers.length; m++) System.out.printf("%8d %5.1f%%  %s%n", hits[m], 100.0 * hits[m] / total, markers[m]);
    }
    static String name(RecordedFrame f) { return f.getMethod().getType().getName() + "." + f.getMethod().getName(); }
}
