package io.bindery.sites.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The MCP SDK's JSON-schema check of tool arguments, on the json-schema-validator sites already uses (the SDK's own
 * validator needs its 3.x, which would replace that one): draft 2020-12, as MCP's tool schemas are written.
 */
final class ToolInputSchemas implements JsonSchemaValidator {
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
        JsonNode value = JSON.valueToTree(structuredContent);
        Set<ValidationMessage> errors = FACTORY.getSchema(JSON.valueToTree(schema)).validate(value);
        if (errors.isEmpty()) {
            return ValidationResponse.asValid(value.toString());
        }
        return ValidationResponse.asInvalid(errors.stream().map(ValidationMessage::getMessage).collect(Collectors.joining("; ")));
    }
}
