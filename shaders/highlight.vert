#version 330
// Highlights: flat marks and frames, and columns (w < 0: only z scaled).
uniform mat4 m_vp;

in vec3 in_position;        // mesh vertex in board units (x, y in cells, z = small lift)
in vec4 in_offset;          // xyz: world position of the mesh origin; w: uniform scale,
                            // or (w < 0) x, y unscaled and z scaled by -w (highlight columns)
in vec4 in_color;

out vec2 v_cell;            // position in cell units, measured from the mesh origin
out vec4 v_color;
out float v_h;              // the mesh's own height coordinate (0 at the floor, 1 at a column's top)

void main() {
    vec3 p = in_offset.w >= 0.0 ? in_position * in_offset.w
                                : vec3(in_position.xy, in_position.z * -in_offset.w);
    v_cell = p.xy;
    v_color = in_color;
    v_h = in_position.z;
    gl_Position = m_vp * vec4(in_offset.xyz + p, 1.0);
}
