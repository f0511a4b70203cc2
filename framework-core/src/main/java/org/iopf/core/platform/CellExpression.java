package org.iopf.core.platform;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The arithmetic of a comparison cell's {@code {= expression}} placeholder: {@code + - * /} and
 * parentheses over operands that are figure names or values with units ({@code 1s}, {@code 1us},
 * {@code 10Gbps}, {@code 1000}), with the usual precedence, e.g.
 * {@code {= faults.total * 1s / sim.time}} (faults per second) or
 * {@code {= (cpu.node1.cpu.0 + cpu.node1.cpu.1) * sim.time / faults.total / 1us}} (µs of CPU per
 * fault). A {@code -} is an operator only between spaces, since figure names may contain one.
 *
 * @since 0.1
 */
public final class CellExpression {
    /** A parsed expression, evaluated with a reading of its operands. */
    public interface Node {
        /**
         * Evaluates the expression.
         *
         * @param operand the value of an operand's text (a figure or a value with units)
         */
        double evaluate(ToDoubleFunction<String> operand);
    }

    private final List<String> tokens;
    private int next;

    private CellExpression(List<String> tokens) {
        this.tokens = tokens;
    }

    /**
     * Parses an expression.
     *
     * @param text the expression without the leading {@code =}, not null
     * @return its tree
     * @throws IllegalArgumentException naming what is malformed
     */
    public static Node parse(String text) {
        requireNonNull(text, "text is null");
        CellExpression p = new CellExpression(tokenize(text));
        if (p.tokens.isEmpty()) {
            throw new IllegalArgumentException("empty expression");
        }
        Node node = p.sum();
        if (p.next < p.tokens.size()) {
            throw new IllegalArgumentException("unexpected '" + p.tokens.get(p.next) + "' in expression '" + text + "'");
        }
        return node;
    }

    private static List<String> tokenize(String text) {
        List<String> out = new ArrayList<>();
        for (String word : text.trim().split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            if (word.equals("-")) {
                out.add(word);
                continue;
            }
            StringBuilder operand = new StringBuilder();
            for (char c : word.toCharArray()) {
                if ("()+*/".indexOf(c) >= 0) {
                    if (operand.length() > 0) {
                        out.add(operand.toString());
                        operand.setLength(0);
                    }
                    out.add(String.valueOf(c));
                } else {
                    operand.append(c);
                }
            }
            if (operand.length() > 0) {
                out.add(operand.toString());
            }
        }
        return out;
    }

    private Node sum() {
        Node left = product();
        while (next < tokens.size() && (tokens.get(next).equals("+") || tokens.get(next).equals("-"))) {
            boolean plus = tokens.get(next++).equals("+");
            Node a = left;
            Node b = product();
            left = plus ? o -> a.evaluate(o) + b.evaluate(o) : o -> a.evaluate(o) - b.evaluate(o);
        }
        return left;
    }

    private Node product() {
        Node left = operand();
        while (next < tokens.size() && (tokens.get(next).equals("*") || tokens.get(next).equals("/"))) {
            boolean times = tokens.get(next++).equals("*");
            Node a = left;
            Node b = operand();
            left = times ? o -> a.evaluate(o) * b.evaluate(o) : o -> a.evaluate(o) / b.evaluate(o);
        }
        return left;
    }

    private Node operand() {
        if (next >= tokens.size()) {
            throw new IllegalArgumentException("expression ends where an operand was expected");
        }
        String token = tokens.get(next++);
        if (token.equals("(")) {
            Node inner = sum();
            if (next >= tokens.size() || !tokens.get(next).equals(")")) {
                throw new IllegalArgumentException("missing ')' in expression");
            }
            next++;
            return inner;
        }
        if ("()+-*/".contains(token)) {
            throw new IllegalArgumentException("'" + token + "' where an operand was expected");
        }
        return o -> o.applyAsDouble(token);
    }
}
