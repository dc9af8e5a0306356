package io.github.sqlguard.lint;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/** A real UDF jar, compiled in the test: {@code com.example.udf.Shout}, a scalar function upper-casing a string. */
public final class UdfJar {

    public static final String CLASS = "com.example.udf.Shout";

    private UdfJar() {}

    /** Writes the jar into {@code dir} and returns it. */
    public static Path build(Path dir) throws IOException {
        Path src = Files.createDirectories(dir.resolve("udf-src/com/example/udf")).resolve("Shout.java");
        Files.writeString(src, """
                package com.example.udf;

                public class Shout extends org.apache.flink.table.functions.ScalarFunction {
                    public String eval(String s) {
                        return s == null ? null : s.toUpperCase();
                    }
                }
                """);
        Path classes = Files.createDirectories(dir.resolve("udf-classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int exit = javac.run(null, null, null, "-classpath", System.getProperty("java.class.path"), "-d",
                classes.toString(), src.toString());
        if (exit != 0) {
            throw new IllegalStateException("javac failed to compile the test UDF");
        }
        Path jar = dir.resolve("udfs.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry("com/example/udf/Shout.class"));
            out.write(Files.readAllBytes(classes.resolve("com/example/udf/Shout.class")));
            out.closeEntry();
        }
        return jar;
    }
}
