#version 330
// Benchmark baseline: plain instanced cubes.
uniform mat4 m_vp;
in vec3 in_position;
in vec4 in_offset;
in vec4 in_color;
out vec4 v_color;
void main() {
    v_color = in_color;
    gl_Position = m_vp * vec4(in_offset.xyz + in_position * in_offset.w, 1.0);
}
