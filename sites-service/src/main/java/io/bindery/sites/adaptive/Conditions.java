package io.bindery.sites.adaptive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelIssue;
import dev.cel.common.CelSourceLocation;
import dev.cel.common.CelValidationException;
import dev.cel.common.CelValidationResult;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import io.bindery.commons.errors.ApiException;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Conditions on sections and site spaces: Google CEL expressions over the visitor's claims, e.g.
 * {@code visitor.claims.unsigned.plan == "pro"} or {@code visitor.claims.beta}. Written conditions are compiled
 * (syntax and types) and every {@code visitor.claims.…} path they read is checked against the site's adaptive
 * schema; both failures are a 400 with the line and column. Evaluating one compiles it once (a cache of programs).
 */
@ApplicationScoped
public class Conditions {
    public static final int MAX_LENGTH = 1024;
    private static final int CACHE_LIMIT = 10_000;

    private final CelCompiler compiler = CelCompilerFactory.standardCelCompilerBuilder()
            .setStandardMacros(CelStandardMacro.STANDARD_MACROS) // has(), all(), exists(), map(), filter()
            .addVar("visitor", MapType.create(SimpleType.STRING, SimpleType.DYN))
            .setResultType(SimpleType.BOOL)
            .build();
    private final CelRuntime runtime = CelRuntimeFactory.standardCelRuntimeBuilder().build();
    private final Map<String, CelRuntime.Program> programs = new ConcurrentHashMap<>();

    /**
     * Checks a condition written to {@code field} against the site's adaptive schema (its JSON Schema, whose
     * {@code properties} are the claims): a 400 naming the field and the position of the first error otherwise.
     */
    public void check(String field, String condition, JsonNode adaptiveSchema) {
        if (condition.length() > MAX_LENGTH) {
            throw ApiException.badRequest(field + " must be at most " + MAX_LENGTH + " characters");
        }
        CelAbstractSyntaxTree ast = compile(field, condition);
        List<Claim> claims = new ArrayList<>();
        collectClaims(ast.getExpr(), claims);
        for (Claim claim : claims) {
            String problem = unknownIn(adaptiveSchema, claim.path());
            if (problem != null) {
                throw ApiException.badRequest(field + ": " + problem + " (" + position(ast, claim.exprId()) + ")");
            }
        }
    }

    /** Whether a visitor with these claims satisfies the condition; a claim it lacks makes it false. */
    public boolean test(String condition, Map<String, Object> claims) {
        CelRuntime.Program program = programs.get(condition);
        if (program == null) {
            try {
                program = runtime.createProgram(compile("condition", condition));
            } catch (CelEvaluationException e) {
                return false;
            }
            if (programs.size() >= CACHE_LIMIT) {
                programs.clear(); // conditions come from a site's structure: thousands at most, so this is rare
            }
            programs.put(condition, program);
        }
        try {
            return Boolean.TRUE.equals(program.eval(Map.of("visitor", Map.of("claims", claims))));
        } catch (CelEvaluationException missingOrWrongType) {
            return false;
        }
    }

    private CelAbstractSyntaxTree compile(String field, String condition) {
        CelValidationResult result = compiler.compile(condition);
        if (result.hasError()) {
            CelIssue first = result.getErrors().get(0);
            CelSourceLocation at = first.getSourceLocation();
            throw ApiException.badRequest(field + " is not a valid expression: " + first.getMessage()
                    + " (line " + at.getLine() + ", column " + (at.getColumn() + 1) + ")");
        }
        try {
            return result.getAst();
        } catch (CelValidationException e) {
            throw ApiException.badRequest(field + " is not a valid expression: " + e.getMessage());
        }
    }

    /** A {@code visitor.…} path the expression reads, and the id of its outermost select (for its position). */
    record Claim(List<String> path, long exprId) {
    }

    /** Every maximal select chain rooted at {@code visitor}. */
    private static void collectClaims(CelExpr e, List<Claim> out) {
        switch (e.getKind()) {
            case SELECT -> {
                List<String> path = new ArrayList<>();
                CelExpr cur = e;
                while (cur.getKind() == CelExpr.ExprKind.Kind.SELECT) {
                    path.add(0, cur.select().field());
                    cur = cur.select().operand();
                }
                if (cur.getKind() == CelExpr.ExprKind.Kind.IDENT && cur.ident().name().equals("visitor")) {
                    out.add(new Claim(path, e.id()));
                } else {
                    collectClaims(cur, out);
                }
            }
            case IDENT -> {
                if (e.ident().name().equals("visitor")) {
                    out.add(new Claim(List.of(), e.id()));
                }
            }
            case CALL -> {
                e.call().target().ifPresent(t -> collectClaims(t, out));
                e.call().args().forEach(a -> collectClaims(a, out));
            }
            case LIST -> e.list().elements().forEach(a -> collectClaims(a, out));
            case MAP -> e.map().entries().forEach(en -> {
                collectClaims(en.key(), out);
                collectClaims(en.value(), out);
            });
            case STRUCT -> e.struct().entries().forEach(en -> collectClaims(en.value(), out));
            case COMPREHENSION -> {
                collectClaims(e.comprehension().iterRange(), out);
                collectClaims(e.comprehension().accuInit(), out);
                collectClaims(e.comprehension().loopCondition(), out);
                collectClaims(e.comprehension().loopStep(), out);
                collectClaims(e.comprehension().result(), out);
            }
            default -> {
            }
        }
    }

    /** Null when {@code visitor.<path>} names a claim of the schema (or an object of claims), else why not. */
    static String unknownIn(JsonNode schema, List<String> path) {
        String shown = "visitor" + (path.isEmpty() ? "" : "." + String.join(".", path));
        if (path.isEmpty() || !path.get(0).equals("claims")) {
            return shown + " is not a visitor claim: conditions read visitor.claims.<claim>";
        }
        JsonNode node = schema;
        for (String name : path.subList(1, path.size())) {
            JsonNode next = node.path("properties").path(name);
            if (next.isMissingNode()) {
                return shown + " is not in the site's adaptive schema";
            }
            node = next;
        }
        return null;
    }

    private static String position(CelAbstractSyntaxTree ast, long exprId) {
        Integer offset = ast.getSource().getPositionsMap().get(exprId);
        if (offset == null) {
            return "in the expression";
        }
        return ast.getSource().getOffsetLocation(offset)
                .map(at -> "line " + at.getLine() + ", column " + (at.getColumn() + 1))
                .orElse("at offset " + offset);
    }
}
