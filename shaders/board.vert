#version 330
// Flat board geometry: layer tiles, the green area, lines, highlights.
uniform mat4 m_vp;

in vec3 in_position;        // mesh vertex in board units (x, y in cells, z = small lift)
in vec4 in_offset;          // xyz: world position of the mesh origin; w: uniform scale
in vec4 in_color;

out vec2 v_cell;            // position in cell units, measured from the mesh origin
out vec4 v_color;

void main() {
    vec3 p = in_position * in_offset.w;
    v_cell = p.xy;
    v_color = in_color;
    gl_Position = m_vp * vec4(in_offset.xyz + p, 1.0);
}
